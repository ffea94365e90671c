import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { gpsOffWindowDisabled, locateNow, setUploadInterval } from '@rastro/topin/server-to-device/encode';
import { MSG, notificacaoModoPerdidoFim } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin, type GatewayOptions } from '../../src/gateway/servidor';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { comandosDe, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';
import { TEST_ENV } from '../apoio/test-env';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/**
 * Lost-pet mode (issue #19) over real TCP: turning it on sends the collar GPS on, the shortest
 * interval and a fix request, then a fix request every MODO_PERDIDO_LOCALIZAR_SEGUNDOS (2 s here,
 * 20 s in production) while it answers; a collar away gets them when it comes back; when the time
 * runs out the server itself restores the owner's battery mode — across a restart too.
 */
const ENV = { MODO_PERDIDO_VIGIA_MS: '200', MODO_PERDIDO_LOCALIZAR_SEGUNDOS: '2' };
const opcoes: GatewayOptions = { port: 0, host: '127.0.0.1', idleMs: 30_000, maxConexoesPorIp: 100, maxBuffer: 4096 };

let app: TestApp;
let gw: GatewayTopin;
let porta = 0;
let ana: { id: number; token: string; h: Record<string, string> };
let bia: { id: number; token: string; h: Record<string, string> };
let seq = 0;

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const GPS_LIGAR = hex(gpsOffWindowDisabled());
const INTERVALO_10S = hex(setUploadInterval(10));
const LOCALIZAR = hex(locateNow());
const ocorrencias = (tudo: string, parte: string) => tudo.split(parte).length - 1;

beforeAll(async () => {
  app = await criarApp(ENV);
  const a = await criarCliente(app, 'ANA');
  ana = { ...a, h: bearer(a.token) };
  const b = await criarCliente(app, 'BIA');
  bia = { ...b, h: bearer(b.token) };
  gw = new GatewayTopin(app.database, app.log, opcoes);
  porta = await gw.iniciar();
});
afterAll(async () => {
  await gw.parar();
  await app.fechar();
});

/** A pet of Ana's: its link id (the API's {id}) and tracker. */
async function pet(nome: string) {
  seq += 1;
  // One per pet of this file (each file has its own database): 15 digits, never cut.
  const imei = `3593390802${String(seq).padStart(5, '0')}`;
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, ana.id, rastreadorId, nome);
  const [l] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  if (!l) throw new Error('vínculo');
  // The battery mode the owner chose before (normal, every 5 minutes): what lost mode gives back.
  return { imei, rastreadorId, id: l.id };
}

/** A collar that answers every fix request (0x80) with a fix, as a real one does. */
async function coleira(imei: string, p = porta) {
  const d = await conectarDispositivo(p);
  await d.enviar(encodeLogin(imei, 1));
  await d.esperar('787801010d0a');
  let respondidos = 0;
  let hora = Date.now() - 60_000;
  const responder = setInterval(() => {
    const pedidos = ocorrencias(d.recebido().toString('hex'), LOCALIZAR);
    for (; respondidos < pedidos; respondidos++) {
      hora = Math.max(hora + 1000, Date.now() - 30_000);
      void d.enviar(
        encodeGps({
          type: 0x10,
          time: new Date(hora),
          latitude: -23.56,
          longitude: -46.65,
          speedKmh: 2,
          course: 0,
          satellites: 8,
          valid: true,
          buffered: false,
        }),
      );
    }
  }, 20);
  return {
    ...d,
    pedidosDeFix: () => ocorrencias(d.recebido().toString('hex'), LOCALIZAR),
    fim() {
      clearInterval(responder);
      d.fim();
    },
  };
}

const modoPerdido = (id: number, body: unknown, h = ana.h) =>
  app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/${id}/modo-perdido`, headers: h, payload: body as object });

async function ate<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 8000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > fim) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('lost-pet mode: the API', () => {
  it('turns on for the hours asked, shows everywhere the owner sees the tracker, locks the battery mode, and turns off', async () => {
    const thor = await pet('THOR');
    const antes = Date.now();
    const r = await modoPerdido(thor.id, { ativo: true, horas: 2 });
    expect(r.statusCode).toBe(200);
    const m = r.json<MeuRastreador>().modoPerdido;
    expect(m).toMatchObject({ ativo: true });
    if (!m) throw new Error('sem modo perdido');
    expect(new Date(m.ate).getTime() - new Date(m.desde).getTime()).toBeGreaterThan(2 * 3_600_000 - 5000);
    expect(new Date(m.desde).getTime()).toBeGreaterThanOrEqual(antes - 1000);

    const detalhe = await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}`, headers: ana.h });
    expect(detalhe.json<MeuRastreador>().modoPerdido).toEqual(m);
    const lista = await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores?size=100', headers: ana.h });
    expect(lista.json<{ content: MeuRastreador[] }>().content.find((x) => x.id === thor.id)?.modoPerdido).toEqual(m);

    // The map's marker (a position first).
    await app.database.db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (${thor.rastreadorId}, 'GPS', now() - interval '1 minute', -23.5, -46.6)`,
    );
    await recalcularLocalizacoesAtuais(app.database.db);
    const mapa = await app.inject({
      method: 'GET',
      url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL',
      headers: ana.h,
    });
    expect(mapa.json<Marcador[]>().find((x) => x.rastreadorId === thor.rastreadorId)?.modoPerdido).toEqual(m);

    // While on, the battery mode and the interval are the lost mode's.
    for (const caminho of ['ativar-economia-bateria', 'ativar-ultra-economia-bateria']) {
      const e = await app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/${caminho}/${thor.id}`, headers: ana.h });
      expect(e.statusCode).toBe(409);
      expect(e.json()).toEqual({ status: 409, message: MSG.modoPerdidoBloqueia });
    }
    // The settings can still be saved: they reach the collar when lost mode ends.
    const comandosAntes = await comandosDe(app, thor.rastreadorId);
    const salvar = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: { id: thor.id, imei: thor.imei, descricao: 'THOR BRAVO', intervaloLocalizacao: 1, periUltraEconBateria: 60 },
    });
    expect(salvar.statusCode).toBe(200);
    expect(await comandosDe(app, thor.rastreadorId)).toEqual(comandosAntes);

    // Turning it on again extends it from now, keeping when it began.
    const mais = (await modoPerdido(thor.id, { ativo: true, horas: 24 })).json<MeuRastreador>().modoPerdido;
    expect(mais?.desde).toBe(m.desde);
    expect(new Date(mais?.ate ?? 0).getTime()).toBeGreaterThan(new Date(m.ate).getTime());

    const desligado = await modoPerdido(thor.id, { ativo: false });
    expect(desligado.statusCode).toBe(200);
    expect(desligado.json<MeuRastreador>().modoPerdido).toBeNull();
    // Off: the owner's battery mode, with the interval saved meanwhile (1 minute).
    expect((await comandosDe(app, thor.rastreadorId)).slice(-2)).toEqual([
      { tipo: 'GPS_LIGAR', status: 'PENDENTE', parametros: null },
      { tipo: 'INTERVALO', status: 'PENDENTE', parametros: { segundos: 60 } },
    ]);
    // Off again is no change.
    expect((await modoPerdido(thor.id, { ativo: false })).json<MeuRastreador>().modoPerdido).toBeNull();
    expect(
      (await app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/ativar-economia-bateria/${thor.id}`, headers: ana.h }))
        .statusCode,
    ).toBe(200);

    // The start and the end are notifications (and so pushes).
    const notas = await consultar<{ descricao: string }>(
      app.database.db,
      sql`select descricao from notificacoes where rastreador_id = ${thor.rastreadorId} order by id`,
    );
    expect(notas.map((n) => n.descricao)).toEqual([
      expect.stringMatching(/^Modo perdido ativado para THOR até \d\d:\d\d\.$/),
      expect.stringMatching(/^Modo perdido ativado para THOR BRAVO até \d\d:\d\d\.$/),
      notificacaoModoPerdidoFim('THOR BRAVO'),
    ]);
  });

  it('gives back ultra economy (GPS off at the ultra period) when it ends, as the owner had chosen', async () => {
    const pipoca = await pet('PIPOCA');
    const antes = (await comandosDe(app, pipoca.rastreadorId)).length;
    const ultra = await app.inject({
      method: 'PUT',
      url: `/api/usuarios/rastreadores/ativar-ultra-economia-bateria/${pipoca.id}`,
      headers: ana.h,
    });
    expect(ultra.statusCode).toBe(200);
    const doModo = (await comandosDe(app, pipoca.rastreadorId)).slice(antes);
    expect(doModo.map((c) => c.tipo)).toContain('GPS_DESLIGAR');
    expect((await modoPerdido(pipoca.id, { ativo: true, horas: 1 })).statusCode).toBe(200);
    expect((await comandosDe(app, pipoca.rastreadorId)).slice(-3).map((c) => c.tipo)).toEqual(['GPS_LIGAR', 'INTERVALO', 'LOCALIZAR']);
    expect((await modoPerdido(pipoca.id, { ativo: false })).json<MeuRastreador>()).toMatchObject({
      modoPerdido: null,
      ultraEconomiaBateria: 'V',
    });
    expect((await comandosDe(app, pipoca.rastreadorId)).slice(-doModo.length)).toEqual(doModo);
  });

  it('validates the hours and answers 404 for another owner’s tracker', async () => {
    const rex = await pet('REX');
    for (const horas of [0, 25, 1.5, '6']) {
      const r = await modoPerdido(rex.id, { ativo: true, horas });
      expect(r.statusCode, String(horas)).toBe(400);
      expect(r.json<{ message: string }>().message).toBe(MSG.horasModoPerdidoInvalidas);
    }
    expect((await modoPerdido(rex.id, {})).statusCode).toBe(400);
    const alheio = await modoPerdido(rex.id, { ativo: true }, bia.h);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.json()).toEqual({ status: 404, message: MSG.naoEncontrado });
    // Default: 6 hours.
    const padrao = (await modoPerdido(rex.id, { ativo: true })).json<MeuRastreador>().modoPerdido;
    const horas = (new Date(padrao?.ate ?? 0).getTime() - Date.now()) / 3_600_000;
    expect(horas).toBeGreaterThan(5.99);
    expect(horas).toBeLessThanOrEqual(6);
  });
});

describe('lost-pet mode: the collar, over TCP', () => {
  it('a connected collar gets GPS on, the 10 s interval and a fix request, then a fix request every few seconds', async () => {
    const luna = await pet('LUNA');
    const c = await coleira(luna.imei);
    expect((await modoPerdido(luna.id, { ativo: true, horas: 1 })).statusCode).toBe(200);
    await c.esperar(GPS_LIGAR);
    await c.esperar(INTERVALO_10S);
    await c.esperar(LOCALIZAR);
    const inicio = Date.now();
    await ate(
      async () => c.pedidosDeFix(),
      (n) => n >= 3,
      10_000,
    );
    const decorrido = (Date.now() - inicio) / 1000;
    expect(c.pedidosDeFix()).toBeGreaterThanOrEqual(3);
    // Two more requests at the 2 s cadence: about 4 s, never a flood.
    expect(decorrido).toBeGreaterThan(2.5);
    expect(c.pedidosDeFix()).toBeLessThanOrEqual(5);
    c.fim();
    await modoPerdido(luna.id, { ativo: false });
  });

  it('a collar that is away gets the commands when it comes back, with one fix request, not a backlog', async () => {
    const nina = await pet('NINA');
    await modoPerdido(nina.id, { ativo: true, horas: 1 });
    // Several rounds pass while it is away.
    await new Promise((r) => setTimeout(r, 5000));
    const pendentes = (await comandosDe(app, nina.rastreadorId)).filter((x) => x.status === 'PENDENTE');
    expect(pendentes.map((x) => x.tipo)).toEqual(['GPS_LIGAR', 'INTERVALO', 'LOCALIZAR']);
    const c = await coleira(nina.imei);
    await c.esperar(GPS_LIGAR);
    await c.esperar(INTERVALO_10S);
    await c.esperar(LOCALIZAR);
    expect(c.pedidosDeFix()).toBe(1);
    c.fim();
    await modoPerdido(nina.id, { ativo: false });
  });

  it('when the time runs out the server ends it by itself, across a restart: the owner’s battery mode goes back to the collar', async () => {
    const bolt = await pet('BOLT');
    await modoPerdido(bolt.id, { ativo: true, horas: 1 });
    // An hour is long for a test: the end is moved to a few seconds from now.
    await app.database.db.execute(sql`update usuario_rastreadores set perdido_ate = now() + interval '3 seconds' where id = ${bolt.id}`);

    // The server restarts (same database): a new app and gateway, nothing in memory carried over.
    await gw.parar();
    await app.close();
    const config = loadConfig({ ...TEST_ENV, DATA_DIR: app.dataDir, ...ENV });
    const outro = await buildApp({ config, database: app.database, logger: false });
    await outro.ready();
    const gw2 = new GatewayTopin(app.database, outro.log, opcoes);
    const porta2 = await gw2.iniciar();
    try {
      const c = await coleira(bolt.imei, porta2);
      await c.esperar(LOCALIZAR);
      const r = await ate(
        () =>
          outro
            .inject({ method: 'GET', url: `/api/usuarios/rastreadores/${bolt.id}`, headers: ana.h })
            .then((x) => x.json<MeuRastreador>()),
        (x) => x.modoPerdido === null,
      );
      expect(r.modoPerdido).toBeNull();
      // Back to normal: GPS on at the owner's 5 minutes.
      await c.esperar(hex(setUploadInterval(300)));
      const notas = await ate(
        () =>
          consultar<{ descricao: string }>(
            app.database.db,
            sql`select descricao from notificacoes where rastreador_id = ${bolt.rastreadorId} order by id`,
          ),
        (n) => n.length >= 2,
      );
      expect(notas.at(-1)?.descricao).toBe(notificacaoModoPerdidoFim('BOLT'));
      // No more fix requests once it ended.
      const pedidos = c.pedidosDeFix();
      await new Promise((r) => setTimeout(r, 3000));
      expect(c.pedidosDeFix()).toBe(pedidos);
      c.fim();
    } finally {
      await gw2.parar();
      await outro.close();
      // afterAll closes `app` (already closed) and the database.
      gw = new GatewayTopin(app.database, app.log, opcoes);
      await gw.iniciar();
    }
  });
});

describe('lost-pet mode: turned on again just after its time ran out', () => {
  it('before the server ended the old run: the old run ends (notified) and a new one starts from now', async () => {
    // A server whose own check is a minute away: the old run stays expired but not ended.
    const lento = await criarApp({ MODO_PERDIDO_VIGIA_MS: '60000' });
    try {
      const dono = await criarCliente(lento, 'ANA');
      const h = bearer(dono.token);
      const imei = `35933908039${String(Date.now() % 10_000).padStart(4, '0')}`;
      const rastreadorId = await registrarRastreador(lento, bearer(await entrar(lento)), imei);
      await vincular(lento, dono.id, rastreadorId, 'FARO');
      const [l] = await consultar<{ id: number }>(
        lento.database.db,
        sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
      );
      const url = `/api/usuarios/rastreadores/${l?.id ?? 0}/modo-perdido`;
      expect((await lento.inject({ method: 'PUT', url, headers: h, payload: { ativo: true, horas: 1 } })).statusCode).toBe(200);
      await lento.database.db.execute(
        sql`update usuario_rastreadores set perdido_desde = now() - interval '2 hours', perdido_ate = now() - interval '1 second' where id = ${l?.id ?? 0}`,
      );
      const inicio = Date.now();
      const novo = (await lento.inject({ method: 'PUT', url, headers: h, payload: { ativo: true, horas: 2 } })).json<MeuRastreador>();
      expect(new Date(novo.modoPerdido?.desde ?? 0).getTime()).toBeGreaterThanOrEqual(inicio - 1000);
      const notas = await consultar<{ descricao: string }>(
        lento.database.db,
        sql`select descricao from notificacoes where rastreador_id = ${rastreadorId} order by id`,
      );
      expect(notas.map((n) => n.descricao)).toEqual([
        expect.stringMatching(/^Modo perdido ativado para FARO até/),
        notificacaoModoPerdidoFim('FARO'),
        expect.stringMatching(/^Modo perdido ativado para FARO até/),
      ]);
    } finally {
      await lento.fechar();
    }
  });
});
