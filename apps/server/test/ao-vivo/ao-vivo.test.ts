import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeAlarm, encodeGps, encodeHeartbeat, encodeLogin } from '@rastro/topin/device-to-server/encode';
import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { comandosDe, criarCliente, registrarRastreador } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';
import { TEST_ENV } from '../apoio/test-env';

let app: TestApp;
let gateway: GatewayTopin;
let portaGw = 0;
let portaApi = 0;
let admin: Record<string, string>;
let ana: { id: number; token: string; h: Record<string, string> };
let bia: { id: number; token: string; h: Record<string, string> };
let rastreador = 0;
let vinculo = 0;
const IMEI = '359339080000301';

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  const a = await criarCliente(app, 'ANA');
  const b = await criarCliente(app, 'BIA');
  ana = { ...a, h: bearer(a.token) };
  bia = { ...b, h: bearer(b.token) };
  rastreador = await registrarRastreador(app, admin, IMEI);
  vinculo = (
    await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: { imei: IMEI, descricao: 'THOR', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    })
  ).json<{ id: number }>().id;
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 30_000, maxConexoesPorIp: 50, maxBuffer: 4096 });
  gateway.medir(app.metrics.observarGateway(gateway));
  portaGw = await gateway.iniciar();
  await app.listen({ port: 0, host: '127.0.0.1' });
  portaApi = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

/** A browser-like client of /api/socket that keeps every event it receives. */
async function socket(porta: number, primeira: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${porta}/api/socket`);
  const eventos: EventoSocket[] = [];
  const brutos: unknown[] = [];
  let fechamento: number | undefined;
  ws.on('message', (d: Buffer) => {
    const v = JSON.parse(d.toString()) as unknown;
    brutos.push(v);
    if (typeof v === 'object' && v !== null && 'posicoes' in v) eventos.push(v as EventoSocket);
  });
  ws.on('close', (code) => (fechamento = code));
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  ws.send(primeira);
  // Give the server the time to check the token before events are produced.
  await new Promise((r) => setTimeout(r, 150));
  return { ws, eventos, brutos, fechamento: () => fechamento };
}

async function ate<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const fix = (s: number) => ({
  type: 0x10 as const,
  time: new Date(Date.UTC(2026, 10, 22, 13, 0, s)),
  latitude: -23.5505,
  longitude: -46.6333,
  speedKmh: 3,
  course: 0,
  satellites: 9,
  valid: true,
  buffered: false,
});

describe('live channel /api/socket', () => {
  it('closes a socket that does not authenticate', async () => {
    const s = await socket(portaApi, 'lixo');
    expect(await ate(() => s.fechamento())).toBe(4001);
    expect(s.brutos).toEqual([{ erro: 'Não autenticado.' }]);
    const t = await socket(portaApi, JSON.stringify({ token: 'token-que-nao-existe' }));
    expect(await ate(() => t.fechamento())).toBe(4001);
  });

  it('pushes a new position and an alarm to the owner only', async () => {
    const daAna = await socket(portaApi, JSON.stringify({ token: ana.token }));
    const daBia = await socket(portaApi, JSON.stringify({ token: bia.token }));
    const d = await conectarDispositivo(portaGw);
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), encodeGps(fix(1))]));
    const e = await ate(() => daAna.eventos.find((x) => x.posicoes.length > 0));
    expect(e.posicoes[0]).toMatchObject({
      usuarioRastreadorId: vinculo,
      rastreadorId: rastreador,
      name: 'THOR',
      position: { lat: -23.5505, lng: -46.6333 },
      tipo: 'GPS',
    });
    expect(e.rastreadores[0]).toMatchObject({ id: vinculo, imei: IMEI });
    // The same fix through the API: the owner and an administrator see it, another client does not.
    const url = `/api/localizacoes?rastreadorId=${rastreador}&tipoLocalizacao=GPS`;
    for (const h of [ana.h, admin]) {
      const pagina = (await app.inject({ method: 'GET', url, headers: h })).json<{ content: { dataHora: string; latitude: number }[] }>();
      expect(pagina.content[0]).toMatchObject({ dataHora: fix(1).time.toISOString(), latitude: -23.5505 });
    }
    expect((await app.inject({ method: 'GET', url, headers: bia.h })).statusCode).toBe(404);

    await d.enviar(encodeAlarm('sos'));
    const alarme = await ate(() => daAna.eventos.find((x) => x.notificacoes.length > 0));
    expect(alarme.notificacoes.map((n) => n.descricao)).toEqual(['Alerta de SOS do rastreador THOR.']);
    expect(alarme.naoLidas).toBe(1);
    expect(alarme.rastreadores[0]?.situacao).toBe('ALERTA');
    await new Promise((r) => setTimeout(r, 400));
    expect(daBia.eventos).toEqual([]);
    d.fim();
    daAna.ws.close();
    daBia.ws.close();
  });
});

describe('commands reach the device', () => {
  it('economy mode: GPS-off window and interval, at once to a connected device', async () => {
    const d = await conectarDispositivo(portaGw);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    const res = await app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/ativar-economia-bateria/${vinculo}`, headers: ana.h });
    expect(res.statusCode).toBe(200);
    await d.esperar('78780646' + '01' + '0000' + '2359' + '0d0a');
    await d.esperar('78780397' + '012c' + '0d0a');
    await app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/inativar-economia-bateria/${vinculo}`, headers: ana.h });
    await d.esperar('78780646' + '00' + '0000' + '0000' + '0d0a');
    await app.inject({
      method: 'PUT',
      url: '/api/usuarios/rastreadores/sincronizar',
      headers: ana.h,
      payload: { usuarioRastreadorId: vinculo },
    });
    await d.esperar('787801800d0a');
    // The device speaks after the commands: they were received (until then they stay PENDENTE).
    await d.enviar(encodeHeartbeat());
    for (let i = 0; i < 250 && (await comandosDe(app, rastreador)).some((c) => c.status === 'PENDENTE'); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await comandosDe(app, rastreador)).map((c) => c.status)).not.toContain('PENDENTE');
    d.fim();
  });

  it('a setting changed while the device is away is delivered when it reconnects', async () => {
    await new Promise((r) => setTimeout(r, 100));
    expect(gateway.conectado(rastreador)).toBe(false);
    await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: { id: vinculo, imei: IMEI, descricao: 'THOR', intervaloLocalizacao: 2, periUltraEconBateria: 60 },
    });
    expect((await comandosDe(app, rastreador)).filter((c) => c.status === 'PENDENTE').map((c) => c.tipo)).toEqual([
      'GPS_LIGAR',
      'INTERVALO',
    ]);
    const d = await conectarDispositivo(portaGw);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('78780397' + '0078' + '0d0a');
    d.fim();
  });
});

describe('metrics', () => {
  it('counts connections, stored positions, commands and live sockets', async () => {
    const s = await socket(portaApi, JSON.stringify({ token: ana.token }));
    const d = await conectarDispositivo(portaGw);
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), encodeGps(fix(40))]));
    const metricas = async () => (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const valorEm = (texto: string, nome: string) => Number(new RegExp(`^${nome} (\\S+)$`, 'm').exec(texto)?.[1] ?? NaN);
    // Both fixes (this one and the live test's) committed and counted.
    const fim = Date.now() + 10_000;
    let texto = await metricas();
    while (!(valorEm(texto, 'rastro_gateway_localizacoes_total') >= 2 && gateway.conectado(rastreador)) && Date.now() < fim) {
      await new Promise((r) => setTimeout(r, 50));
      texto = await metricas();
    }
    const valor = (nome: string) => valorEm(texto, nome);
    expect(valor('rastro_gateway_conexoes')).toBeGreaterThanOrEqual(1);
    expect(valor('rastro_gateway_rastreadores_conectados')).toBe(1);
    expect(valor('rastro_gateway_localizacoes_total')).toBeGreaterThanOrEqual(2);
    expect(valor('rastro_ao_vivo_sockets')).toBeGreaterThanOrEqual(1);
    expect(texto).toMatch(/^rastro_gateway_comandos_enviados_total\{tipo="INTERVALO"\} [1-9]/m);
    d.fim();
    s.ws.close();
  });
});

describe('two instances on one PostgreSQL', () => {
  it('a command issued through instance B reaches a device on instance A; A’s positions reach B’s sockets', async (ctx) => {
    const url = app.database.url;
    if (app.database.kind !== 'postgres' || !url) {
      ctx.skip();
      return;
    }
    const dbB = await openPostgres(url, 2);
    const apiB = await buildApp({ config: loadConfig({ ...TEST_ENV, ROLE: 'api' }), database: dbB, logger: false });
    await apiB.listen({ port: 0, host: '127.0.0.1' });
    try {
      const portaB = (apiB.server.address() as AddressInfo).port;
      const naB = await socket(portaB, JSON.stringify({ token: ana.token }));
      const d = await conectarDispositivo(portaGw);
      await d.enviar(encodeLogin(IMEI, 1));
      await d.esperar('787801010d0a');
      const res = await apiB.inject({ method: 'PUT', url: '/api/usuarios/rastreadores/sincronizar', headers: ana.h, payload: {} });
      expect(res.statusCode).toBe(200);
      await d.esperar('787801800d0a');
      // Later than every fix of the tests before: the map's latest position is this one.
      await d.enviar(encodeGps(fix(50)));
      const e = await ate(() => naB.eventos.find((x) => x.posicoes.some((p) => p.dataHora === fix(50).time.toISOString())));
      expect(e.posicoes[0]?.usuarioRastreadorId).toBe(vinculo);
      d.fim();
      naB.ws.close();
    } finally {
      await apiB.close();
      await dbB.close();
    }
  });
});

describe('sockets that leave while they are being set up', () => {
  it('a socket closed while the hub reads its last notification is not kept registered', async (ctx) => {
    if (app.database.kind === 'postgres') {
      // With a pool the read does not wait for the transaction below: nothing to reproduce.
      ctx.skip();
      return;
    }
    const abertos = async () =>
      Number(/^rastro_ao_vivo_sockets (\S+)$/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? NaN);
    // The token's session is cached by an authenticated request, so authenticating needs no query.
    expect((await app.inject({ method: 'GET', url: '/api/notificacoes/nao-lidas', headers: bia.h })).statusCode).toBe(200);
    // The sockets of the tests before are closed by now.
    for (let i = 0; i < 100 && (await abertos()) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await abertos()).toBe(0);
    // Holds the embedded database: the hub's read of the last notification waits for it.
    let liberar: () => void = () => undefined;
    const preso = new Promise<void>((r) => (liberar = r));
    const transacao = app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await preso;
    });
    const s = await socket(portaApi, JSON.stringify({ token: bia.token }));
    s.ws.terminate();
    await new Promise((r) => setTimeout(r, 200));
    liberar();
    await transacao;
    await new Promise((r) => setTimeout(r, 200));
    expect(await abertos()).toBe(0);
  });
});
