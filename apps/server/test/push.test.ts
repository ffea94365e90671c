import { sql } from 'drizzle-orm';
import { encodeAlarm, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { MSG } from '@rastro/shared/messages';
import type { Erro } from '@rastro/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/client';
import { GatewayTopin } from '../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from './helpers';
import { contar, criarCliente, registrarRastreador, vincular } from './fixtures';
import { conectarDispositivo } from './dispositivo';
import { idDoEndpoint, iniciarReceptorPush, type ReceptorPush } from './push-receptor';

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

/** An owner with a pet and its tracker; the owner's browser subscribed. */
async function donoInscrito(pet: string) {
  seq += 1;
  const dono = await criarCliente(app, `DONO ${pet}`);
  const h = bearer(dono.token);
  const imei = `35933908019${String(Date.now() % 1000).padStart(3, '0')}${seq}`.slice(0, 15);
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, dono.id, rastreadorId, pet);
  const inscricao = receptor.novaInscricao();
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

  it('a push service that is down for a minute still gets the message afterwards', { timeout: 150_000 }, async () => {
    const { imei, inscricao } = await donoInscrito('MEL');
    await receptor.parar();
    const d = await sos(imei);
    await new Promise((r) => setTimeout(r, 60_000));
    // Still queued (retried with backoff), never dropped.
    expect(await contar(app, 'push_fila')).toBe(1);
    await receptor.iniciar();
    const m = await receptor.esperar((x) => x.endpoint === inscricao.endpoint, 60_000);
    expect(m.payload).toMatchObject({ titulo: 'MEL', corpo: 'Alerta de SOS do rastreador MEL.' });
    d.fim();
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
});
