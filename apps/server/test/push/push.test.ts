import { createServer, type IncomingMessage } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeAlarm, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { MSG, notificacaoModoPerdidoFim } from '@rastro/shared/messages';
import type { Erro } from '@rastro/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { consultar } from '../../src/db/client';
import { notificar } from '../../src/modules/notificacoes/service';
import { enfileirarPush } from '../../src/modules/push/service';
import { GatewayTopin } from '../../src/gateway/servidor';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { sha256 } from '../../src/lib/cripto';
import { TEST_ENV } from '../apoio/test-env';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';
import { idDoEndpoint, iniciarReceptorPush, type InscricaoPush, type ReceptorPush } from '@rastro/testes/push-receptor';

/**
 * Web Push end to end: an SOS frame over TCP becomes a notification, queued in its transaction,
 * and reaches a push service (a receiver written for the tests that checks the VAPID JWT and
 * decrypts the aes128gcm body with the browser's keys). Loopback http:// receivers need
 * PUSH_PERMITIR_HTTP; without it they are refused.
 */
let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let receptor: ReceptorPush;
let chavePublica = '';
let seq = 0;

beforeAll(async () => {
  app = await criarApp({ PUSH_PERMITIR_HTTP: 'true', PUSH_POLL_MS: '500', PUSH_ESPERA_BASE_MS: '1000' });
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 120_000, maxConexoesPorIp: 50, maxBuffer: 4096 });
  porta = await gateway.iniciar();
  receptor = await iniciarReceptorPush();
  await app.ready();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
  await receptor.fechar();
});

/** An owner with a pet and its tracker; the owner's browser subscribed (to the test receiver unless told). */
async function donoInscrito(pet: string, inscricao: InscricaoPush = receptor.novaInscricao()) {
  seq += 1;
  const dono = await criarCliente(app, `DONO ${pet}`);
  const h = bearer(dono.token);
  // One per owner of this file (each file has its own database). Cut to 15 digits, the old
  // `…${Date.now() % 1000}${seq}` kept only seq's first digit: owners 1 and 10 collided in the same millisecond.
  const imei = `35933908019${String(seq).padStart(4, '0')}`;
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, dono.id, rastreadorId, pet);
  const r = await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: inscricao });
  expect(r.statusCode).toBe(201);
  return { dono, h, imei, rastreadorId, inscricao };
}

async function sos(imei: string) {
  const d = await conectarDispositivo(porta);
  await d.enviar(encodeLogin(imei, 1));
  await d.esperar('787801010d0a');
  await d.enviar(encodeAlarm('sos'));
  return d;
}

describe('Web Push', () => {
  it('hands out the VAPID public key, generated once and kept in the database', async () => {
    const r = await app.inject({ url: '/api/push/chave', headers: bearer(await entrar(app)) });
    expect(r.statusCode).toBe(200);
    chavePublica = r.json<{ chavePublica: string }>().chavePublica;
    expect(chavePublica).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const [guardada] = await consultar<{ valor: string }>(app.database.db, sql`select valor from parametros where chave = 'vapid'`);
    expect(JSON.parse(guardada?.valor ?? '{}')).toMatchObject({ publicKey: chavePublica });
    expect((await app.inject({ url: '/api/push/chave' })).statusCode).toBe(401);
    receptor.exigirChavePublica(chavePublica);
  });

  it('an SOS frame reaches the owner’s push service: VAPID JWT for its origin, aes128gcm body that decrypts to the alert', async () => {
    const { imei, rastreadorId, inscricao } = await donoInscrito('THOR');
    const d = await sos(imei);
    const m = await receptor.esperar((x) => x.endpoint === inscricao.endpoint, 10_000);
    expect(m.payload).toEqual({
      titulo: 'THOR',
      corpo: 'Alerta de SOS do rastreador THOR.',
      rastreadorId,
      url: `/user/mapa?rastreador=${rastreadorId}`,
      id: expect.any(String),
    });
    expect(m.chavePublica).toBe(chavePublica);
    expect(m.claims.aud).toBe(receptor.origem);
    expect(m.claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(m.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(m.claims.sub).toMatch(/^mailto:/);
    expect(m.ttl).toBeGreaterThan(0);
    expect(m.urgencia).toBe('high');
    // Delivered: nothing left in the queue.
    for (let i = 0; i < 100 && (await contar(app, 'push_fila')) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await contar(app, 'push_fila')).toBe(0);
    d.fim();
  });

  it('a 410 from the push service removes the subscription', async () => {
    const { imei, dono, inscricao } = await donoInscrito('REX');
    receptor.responderCom(idDoEndpoint(inscricao.endpoint), 410);
    const d = await sos(imei);
    await receptor.esperarTentativa((t) => t.endpointId === idDoEndpoint(inscricao.endpoint) && t.status === 410, 10_000);
    for (let i = 0; i < 100 && (await contar(app, 'push_inscricoes', sql`usuario_id = ${dono.id}`)) > 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await contar(app, 'push_inscricoes', sql`usuario_id = ${dono.id}`)).toBe(0);
    expect(await contar(app, 'push_fila')).toBe(0);
    d.fim();
  });

  it('a push service that is down through several attempts still gets the message afterwards', { timeout: 90_000 }, async () => {
    const { imei, inscricao } = await donoInscrito('MEL');
    await receptor.parar();
    const d = await sos(imei);
    // Attempts at about 0, 1, 3 and 7 s (backoff from PUSH_ESPERA_BASE_MS = 1 s), all refused.
    await new Promise((r) => setTimeout(r, 12_000));
    // Still queued (retried with backoff), never dropped.
    const [fila] = await consultar<{ tentativas: number }>(app.database.db, sql`select tentativas from push_fila`);
    expect(fila?.tentativas).toBeGreaterThanOrEqual(3);
    expect(await contar(app, 'push_fila')).toBe(1);
    await receptor.iniciar();
    const m = await receptor.esperar((x) => x.endpoint === inscricao.endpoint, 60_000);
    expect(m.payload).toMatchObject({ titulo: 'MEL', corpo: 'Alerta de SOS do rastreador MEL.' });
    d.fim();
  });

  it('a push service that does not answer delays only its own messages: the gateway, the API and another owner’s push go on', async () => {
    // A push service that takes every request and answers none until told.
    const presos: { req: IncomingMessage; responder: () => void; fechado: boolean }[] = [];
    const lento = createServer((req, res) => {
      req.resume();
      const preso = { req, fechado: false, responder: () => res.writeHead(201).end() };
      req.socket.once('close', () => (preso.fechado = true));
      presos.push(preso);
    });
    await new Promise<void>((r) => lento.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(lento.address() as AddressInfo).port}/push/lento`;
      const a = await donoInscrito('LERDO', { ...receptor.novaInscricao(), endpoint });
      const b = await donoInscrito('VELOZ');
      const da = await sos(a.imei);
      for (let i = 0; i < 200 && presos.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(presos).toHaveLength(1);

      // While LERDO's push service holds its request: another collar's SOS, its owner's push, the API.
      const dbb = await sos(b.imei);
      const m = await receptor.esperar((x) => x.endpoint === b.inscricao.endpoint, 8000);
      expect(m.payload).toMatchObject({ titulo: 'VELOZ', corpo: 'Alerta de SOS do rastreador VELOZ.' });
      expect((await app.inject({ url: '/api/usuarios/rastreadores', headers: b.h })).statusCode).toBe(200);
      expect(presos[0]?.fechado).toBe(false);
      // LERDO's message is still queued, not lost; once its push service answers it is delivered.
      expect(await contar(app, 'push_fila', sql`inscricao_id in (select id from push_inscricoes where endpoint = ${endpoint})`)).toBe(1);
      presos[0]?.responder();
      const doLerdo = sql`inscricao_id in (select id from push_inscricoes where endpoint = ${endpoint})`;
      for (let i = 0; i < 100 && (await contar(app, 'push_fila', doLerdo)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await contar(app, 'push_fila', doLerdo)).toBe(0);
      da.fim();
      dbb.fim();
    } finally {
      lento.closeAllConnections();
      await new Promise((r) => lento.close(r));
    }
  });

  it('a co-guardian’s browser gets the pet’s alarms and lost-mode notices, titled with the pet’s name', async () => {
    const { h: hDono, rastreadorId, imei, inscricao: doDono } = await donoInscrito('LUA');
    const guardia = await criarCliente(app, 'GUARDIÃ DA LUA');
    const hGuardia = bearer(guardia.token);
    const [vinculo] = await consultar<{ id: number }>(
      app.database.db,
      sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
    );
    await app.database.db.execute(
      sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
          values (${vinculo?.id ?? 0}, ${guardia.email}, ${guardia.id}, ${sha256(guardia.email)}, now() + interval '7 days', now())`,
    );
    const daGuardia = receptor.novaInscricao();
    expect((await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: hGuardia, payload: daGuardia })).statusCode).toBe(201);

    const d = await sos(imei);
    const alarme = await receptor.esperar((x) => x.endpoint === daGuardia.endpoint, 10_000);
    expect(alarme.payload).toMatchObject({ titulo: 'LUA', corpo: 'Alerta de SOS do rastreador LUA.', rastreadorId });

    // The guardian turns lost mode on and off: the owner's and the guardian's browsers hear both.
    const url = `/api/usuarios/rastreadores/${vinculo?.id ?? 0}/modo-perdido`;
    expect((await app.inject({ method: 'PUT', url, headers: hGuardia, payload: { ativo: true, horas: 2 } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'PUT', url, headers: hGuardia, payload: { ativo: false } })).statusCode).toBe(200);
    for (const inscricao of [doDono, daGuardia]) {
      const inicio = await receptor.esperar(
        (x) =>
          x.endpoint === inscricao.endpoint && String((x.payload as { corpo?: string }).corpo).startsWith('Modo perdido ativado para LUA'),
        10_000,
      );
      expect(inicio.payload).toMatchObject({ titulo: 'LUA', rastreadorId });
      const fim = await receptor.esperar(
        (x) => x.endpoint === inscricao.endpoint && (x.payload as { corpo?: string }).corpo === notificacaoModoPerdidoFim('LUA'),
        10_000,
      );
      expect(fim.payload).toMatchObject({ titulo: 'LUA', rastreadorId });
    }
    expect((await app.inject({ url: `/api/usuarios/rastreadores/${vinculo?.id ?? 0}`, headers: hDono })).statusCode).toBe(200);
    d.fim();
  });

  it(
    'a push service that trickles its answer a byte at a time, head or body, is cut at the deadline and retried later',
    { timeout: 60_000 },
    async () => {
      // Never a whole head: a byte every half second keeps a socket's idle timer from ever firing.
      const fechados: boolean[] = [];
      const gotejador = createNetServer((socket) => {
        const i = fechados.push(false) - 1;
        socket.on('data', () => undefined);
        const inicio = 'HTTP/1.1 201 Created\r\nX-Gota: ';
        let n = 0;
        const pingo = setInterval(() => socket.write(inicio[n++] ?? 'a'), 500);
        socket.once('close', () => {
          clearInterval(pingo);
          fechados[i] = true;
        });
      });
      // A whole head that says 201, then a body a byte at a time that never ends.
      const corpoFechado: boolean[] = [];
      const pingos: NodeJS.Timeout[] = [];
      const gotejaCorpo = createServer((req, res) => {
        req.resume();
        const i = corpoFechado.push(false) - 1;
        res.writeHead(201, { 'content-type': 'text/plain' });
        pingos.push(setInterval(() => res.write('a'), 500));
        req.socket.once('close', () => (corpoFechado[i] = true));
      });
      await new Promise<void>((r) => gotejador.listen(0, '127.0.0.1', r));
      await new Promise<void>((r) => gotejaCorpo.listen(0, '127.0.0.1', r));
      try {
        const endpoint = `http://127.0.0.1:${(gotejador.address() as AddressInfo).port}/push/gotas`;
        const endpointCorpo = `http://127.0.0.1:${(gotejaCorpo.address() as AddressInfo).port}/push/gotas`;
        const { imei } = await donoInscrito('GOTA', { ...receptor.novaInscricao(), endpoint });
        const corpo = await donoInscrito('PINGO', { ...receptor.novaInscricao(), endpoint: endpointCorpo });
        const d = await sos(imei);
        const dc = await sos(corpo.imei);
        const erro = async (e: string) =>
          (
            await consultar<{ ultimo_erro: string | null }>(
              app.database.db,
              sql`select f.ultimo_erro from push_fila f join push_inscricoes i on i.id = f.inscricao_id where i.endpoint = ${e}`,
            )
          )[0]?.ultimo_erro;
        for (let i = 0; i < 300 && !((await erro(endpoint)) && (await erro(endpointCorpo))); i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(await erro(endpoint)).toBe('sem resposta do serviço de push a tempo');
        expect(await erro(endpointCorpo)).toBe('sem resposta do serviço de push a tempo');
        // The sender cuts the socket and records the error; the peer hears the close a moment later
        // (another turn of the event loop, longer on a busy machine).
        for (let i = 0; i < 50 && !(fechados[0] && corpoFechado[0]); i++) await new Promise((r) => setTimeout(r, 100));
        expect(fechados[0]).toBe(true);
        expect(corpoFechado[0]).toBe(true);
        d.fim();
        dc.fim();
      } finally {
        for (const p of pingos) clearInterval(p);
        gotejador.close();
        gotejaCorpo.closeAllConnections();
        gotejaCorpo.close();
      }
    },
  );

  // On PGlite one connection runs one transaction at a time; on PostgreSQL (CI) the advisory lock is what keeps it at ten.
  it('ten subscriptions at once from one user: all ten fit, the eleventh is refused, whatever the order', async () => {
    const { h, dono } = await donoInscrito('PIPA');
    const respostas = await Promise.all(
      Array.from({ length: 12 }, () =>
        app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: receptor.novaInscricao() }),
      ),
    );
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([...Array<number>(9).fill(201), 409, 409, 409]);
    expect(await contar(app, 'push_inscricoes', sql`usuario_id = ${dono.id}`)).toBe(10);
  });

  it('subscribing again answers 200; a user has at most 10 browsers; only the owner removes a subscription', async () => {
    const { h, inscricao, dono } = await donoInscrito('NINA');
    expect((await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: inscricao })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect(
        (await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: receptor.novaInscricao() })).statusCode,
      ).toBe(201);
    }
    const demais = await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: receptor.novaInscricao() });
    expect(demais.statusCode).toBe(409);
    expect(demais.json<Erro>().message).toBe(MSG.limiteInscricoesPush);
    const outro = bearer((await criarCliente(app, 'OUTRO')).token);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/push/inscricoes', headers: outro, payload: { endpoint: inscricao.endpoint } }))
        .statusCode,
    ).toBe(204);
    expect(await contar(app, 'push_inscricoes', sql`usuario_id = ${dono.id}`)).toBe(10);
    expect(
      (await app.inject({ method: 'DELETE', url: '/api/push/inscricoes', headers: h, payload: { endpoint: inscricao.endpoint } }))
        .statusCode,
    ).toBe(204);
    expect(await contar(app, 'push_inscricoes', sql`usuario_id = ${dono.id}`)).toBe(9);
  });

  // Last in this block: it stops the server the other tests use.
  it('a message queued when the server stops is sent by the server that starts next', async () => {
    const { imei, inscricao } = await donoInscrito('BOB');
    await receptor.parar();
    const d = await sos(imei);
    const naFila = sql`inscricao_id in (select id from push_inscricoes where endpoint = ${inscricao.endpoint})`;
    for (let i = 0; i < 100 && (await contar(app, 'push_fila', naFila)) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await contar(app, 'push_fila', naFila)).toBe(1);
    // The server stops (its sender with it) with the message still queued; the push service comes back.
    await app.close();
    await receptor.iniciar();
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: app.dataDir, PUSH_PERMITIR_HTTP: 'true', PUSH_POLL_MS: '500' });
    const outro = await buildApp({ config, database: app.database, logger: false });
    await outro.ready();
    try {
      const m = await receptor.esperar((x) => x.endpoint === inscricao.endpoint, 30_000);
      expect(m.payload).toMatchObject({ titulo: 'BOB', corpo: 'Alerta de SOS do rastreador BOB.' });
      expect(m.chavePublica).toBe(chavePublica);
    } finally {
      await outro.close();
      d.fim();
    }
  });
});

describe('Web Push with VAPID keys from the environment', () => {
  it('signs with VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY and VAPID_SUBJECT; one without the other, or a malformed key, stops the start', async () => {
    const chaves = webpush.generateVAPIDKeys();
    const proprio = await iniciarReceptorPush({ chavePublicaEsperada: chaves.publicKey });
    const comChaves = await criarApp({
      PUSH_PERMITIR_HTTP: 'true',
      PUSH_POLL_MS: '500',
      VAPID_PUBLIC_KEY: chaves.publicKey,
      VAPID_PRIVATE_KEY: chaves.privateKey,
      VAPID_SUBJECT: 'mailto:operacao@rastro.test',
    });
    try {
      const ana = await criarCliente(comChaves, 'ANA');
      const h = bearer(ana.token);
      expect((await comChaves.inject({ url: '/api/push/chave', headers: h })).json()).toEqual({ chavePublica: chaves.publicKey });
      const inscricao = proprio.novaInscricao();
      expect((await comChaves.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: inscricao })).statusCode).toBe(
        201,
      );
      await notificar(comChaves.database.db, [{ usuarioId: ana.id, rastreadorId: null, descricao: 'Teste de chaves' }], enfileirarPush);
      const m = await proprio.esperar((x) => x.endpoint === inscricao.endpoint, 10_000);
      expect(m.chavePublica).toBe(chaves.publicKey);
      expect(m.claims.sub).toBe('mailto:operacao@rastro.test');
      expect(m.payload).toMatchObject({ corpo: 'Teste de chaves' });
    } finally {
      await comChaves.fechar();
      await proprio.fechar();
    }
    const base = { ...TEST_ENV, DATA_DIR: '/tmp/rastro-vapid' };
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: chaves.publicKey })).toThrow(/VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas/);
    expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: chaves.privateKey })).toThrow(/vão juntas/);
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: chaves.publicKey, VAPID_PRIVATE_KEY: 'curta' })).toThrow(
      /chaves P-256 em base64url/,
    );
    expect(() => loadConfig({ ...base, VAPID_PUBLIC_KEY: chaves.privateKey, VAPID_PRIVATE_KEY: chaves.privateKey })).toThrow(/P-256/);
  });
});

describe('Web Push without PUSH_PERMITIR_HTTP', () => {
  it('refuses http:// and private-address endpoints, without connecting to them', async () => {
    const semFlag = await criarApp();
    try {
      const h = bearer((await criarCliente(semFlag, 'ANA')).token);
      const antes = receptor.tentativas.length;
      const inscricao = receptor.novaInscricao();
      for (const endpoint of [
        inscricao.endpoint,
        inscricao.endpoint.replace('http://', 'https://'),
        'https://10.0.0.7/push/x',
        'https://169.254.169.254/push/x',
        'https://[::1]/push/x',
        // Loopback and private IPv4 inside IPv6: translated, compatible, 6to4, local-use NAT64, Teredo.
        'https://[::ffff:0:7f00:1]/push/x',
        'https://[::127.0.0.1]/push/x',
        'https://[2002:7f00:1::]/push/x',
        'https://[64:ff9b:1::a00:1]/push/x',
        'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/push/x',
        // A public address, but not https's port.
        'https://8.8.8.8:22/push/x',
      ]) {
        const r = await semFlag.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: { ...inscricao, endpoint } });
        expect(r.statusCode, endpoint).toBe(400);
        expect(r.json<Erro>().errors).toEqual([{ campo: 'endpoint', message: MSG.pushEndpointInvalido }]);
      }
      expect(receptor.tentativas.length).toBe(antes);
    } finally {
      await semFlag.fechar();
    }
  });

  it('judges an endpoint again at each send: one stored before these rules is removed, never called', async () => {
    const semFlag = await criarApp();
    let conexoes = 0;
    const escuta = createNetServer((s) => {
      conexoes++;
      s.destroy();
    });
    await new Promise<void>((r) => escuta.listen(0, '127.0.0.1', r));
    try {
      const ana = await criarCliente(semFlag, 'ANA');
      const { keys } = receptor.novaInscricao();
      const porta = (escuta.address() as AddressInfo).port;
      // Accepted by the rules of before: 127.0.0.1 as IPv4-translated on this listener's port, and 6to4.
      for (const endpoint of [`https://[::ffff:0:7f00:1]:${porta}/push/antiga`, 'https://[2002:7f00:1::]/push/antiga']) {
        await semFlag.database.db.execute(
          sql`insert into push_inscricoes (usuario_id, endpoint, p256dh, auth) values (${ana.id}, ${endpoint}, ${keys.p256dh}, ${keys.auth})`,
        );
      }
      await notificar(semFlag.database.db, [{ usuarioId: ana.id, rastreadorId: null, descricao: 'Alerta de SOS' }], enfileirarPush);
      const daAna = sql`usuario_id = ${ana.id}`;
      for (let i = 0; i < 200 && (await contar(semFlag, 'push_inscricoes', daAna)) > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await contar(semFlag, 'push_inscricoes', daAna)).toBe(0);
      expect(await contar(semFlag, 'push_fila')).toBe(0);
      expect(conexoes).toBe(0);
    } finally {
      await semFlag.fechar();
      await new Promise((r) => escuta.close(r));
    }
  });
});
