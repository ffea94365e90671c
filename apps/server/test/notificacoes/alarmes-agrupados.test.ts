import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeAlarm, encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import type { EventoSocket, Marcador } from '@rastro/shared/schemas/mapa';
import type { Notificacao } from '@rastro/shared/schemas/notificacoes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consultar } from '../../src/db/client';
import { GatewayTopin, type GatewayOptions } from '../../src/gateway/servidor';
import { EVENTOS_ATRASADOS_POR_JANELA } from '../../src/modules/zonas/avaliador';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';
import { iniciarReceptorPush, type ReceptorPush } from '@rastro/testes/push-receptor';

/**
 * Issue #31: a device (anyone holding its IMEI) cannot flood its owner. Over real TCP, with one
 * device flooding and others honest: repeated alarms of a kind count into one notification and one
 * push per window; a collar flipping across a border crosses at most once per window; back-dated
 * fixes store a bounded number of late events. Nothing real is lost (docs/adr/0017).
 */
let app: TestApp;
let gw: GatewayTopin;
let gwJanelaCurta: GatewayTopin;
let porta = 0;
let portaCurta = 0;
let portaApi = 0;
let receptor: ReceptorPush;
let seq = 0;

const opcoes: GatewayOptions = { port: 0, host: '127.0.0.1', idleMs: 60_000, maxConexoesPorIp: 100, maxBuffer: 4096 };
const HORA = /\d\d:\d\d/;

beforeAll(async () => {
  app = await criarApp({ PUSH_PERMITIR_HTTP: 'true', PUSH_POLL_MS: '200', PUSH_ESPERA_BASE_MS: '200' });
  receptor = await iniciarReceptorPush();
  gw = new GatewayTopin(app.database, app.log, opcoes);
  porta = await gw.iniciar();
  gwJanelaCurta = new GatewayTopin(app.database, app.log, { ...opcoes, alarmes: { janelaMs: 1000 } });
  portaCurta = await gwJanelaCurta.iniciar();
  await app.listen({ port: 0, host: '127.0.0.1' });
  portaApi = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gw.parar();
  await gwJanelaCurta.parar();
  await app.fechar();
  await receptor.fechar();
});

/** An owner with one pet whose tracker is registered and linked; the owner's browser subscribed to push. */
async function dono(pet: string) {
  seq += 1;
  const d = await criarCliente(app, `DONO ${pet}`);
  const h = bearer(d.token);
  // One per owner of this file (each file has its own database): 15 digits, never cut.
  const imei = `3593390805${String(seq).padStart(5, '0')}`;
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, d.id, rastreadorId, pet);
  const inscricao = receptor.novaInscricao();
  expect((await app.inject({ method: 'POST', url: '/api/push/inscricoes', headers: h, payload: inscricao })).statusCode).toBe(201);
  return { ...d, h, imei, rastreadorId, endpoint: inscricao.endpoint };
}

async function conectar(imei: string, p = porta) {
  const d = await conectarDispositivo(p);
  await d.enviar(encodeLogin(imei, 1));
  await d.esperar('787801010d0a');
  return d;
}

const fixGps = (quando: Date, p: { latitude: number; longitude: number }) =>
  encodeGps({ type: 0x10, time: quando, ...p, speedKmh: 3, course: 0, satellites: 9, valid: true, buffered: false });

/** Sends a fix and waits for its ack (the gateway acks after the commit); false if none came. */
async function fixComAck(d: Awaited<ReturnType<typeof conectar>>, quando: Date, p: { latitude: number; longitude: number }) {
  const antes = d.recebido().length;
  await d.enviar(fixGps(quando, p));
  for (let i = 0; i < 500; i++) {
    if (d.recebido().length > antes) return true;
    await new Promise((r) => setTimeout(r, 10));
  }
  return false;
}

async function ate<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const notificacoesDe = async (h: Record<string, string>) =>
  (await app.inject({ url: '/api/notificacoes?size=100', headers: h })).json<{ content: Notificacao[] }>().content;
const naoLidas = async (h: Record<string, string>) =>
  (await app.inject({ url: '/api/notificacoes/nao-lidas', headers: h })).json<{ total: number }>().total;
const pushesPara = (endpoint: string) => receptor.mensagens.filter((m) => m.endpoint === endpoint);

/** Waits until the push queue is empty and a little more: whatever would be sent has been. */
async function filaDePushVazia() {
  await ate(async () => ((await contar(app, 'push_fila')) === 0 ? true : undefined));
  await new Promise((r) => setTimeout(r, 300));
}

async function socketDe(token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${portaApi}/api/socket`);
  const recebidos: EventoSocket[] = [];
  ws.on('message', (b: Buffer) => {
    const v = JSON.parse(b.toString()) as EventoSocket;
    if ('notificacoes' in v) recebidos.push(v);
  });
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  ws.send(JSON.stringify({ token }));
  await new Promise((r) => setTimeout(r, 150));
  return { ws, recebidos };
}

const CENTRO = { latitude: -23.5614, longitude: -46.6559 };
const M_LAT = 1 / 111_320;
/** `norte` metres north of CENTRO. */
const aoNorte = (norte: number) => ({ latitude: CENTRO.latitude + norte * M_LAT, longitude: CENTRO.longitude });

/** A 200 m circle around CENTRO: a fix at the centre or 400 m north is beyond the margin, and decides alone. */
async function zona(h: Record<string, string>, nome: string, rastreadorId: number) {
  const r = await app.inject({
    method: 'POST',
    url: '/api/zonas',
    headers: h,
    payload: { nome, tipo: 'CIRCULO', ...CENTRO, raioMetros: 200, rastreadorIds: [rastreadorId], alertarSaida: true, alertarEntrada: true },
  });
  expect(r.statusCode).toBe(201);
}

const eventosDe = (rastreadorId: number) =>
  consultar<{ tipo: string; atrasado: boolean; ms: number }>(
    app.database.db,
    sql`select tipo, atrasado, extract(epoch from data_hora)::float8 * 1000 as ms from zona_eventos
        where rastreador_id = ${rastreadorId} order by data_hora, id`,
  );

describe('a device cannot flood its owner', () => {
  it(
    '300 SOS frames: one notification counting 300 and one push; honest devices’ fixes and alarms go through',
    { timeout: 120_000 },
    async () => {
      const fujao = await dono('THOR');
      const honesto = await dono('MEL');
      const socket = await socketDe(fujao.token);
      const inundador = await conectar(fujao.imei);
      const outro = await conectar(honesto.imei);

      // The flood and, meanwhile, an honest collar reporting and raising its own SOS.
      await inundador.enviar(Buffer.concat(Array.from({ length: 300 }, () => encodeAlarm('sos'))));
      const inicio = Date.now() - 60_000;
      const acks: boolean[] = [];
      for (let i = 0; i < 20; i++) {
        acks.push(await fixComAck(outro, new Date(inicio + i * 1000), aoNorte(i)));
        if (i === 10) await outro.enviar(encodeAlarm('sos'));
      }
      expect(acks.every(Boolean)).toBe(true);
      await ate(async () => ((await notificacoesDe(honesto.h)).length > 0 ? true : undefined));
      expect((await notificacoesDe(honesto.h)).map((n) => n.descricao)).toEqual(['Alerta de SOS do rastreador MEL.']);

      // Every SOS is counted, into one unread notification.
      const contada = await ate(async () => {
        const [n] = await notificacoesDe(fujao.h);
        return n?.descricao.includes('(300×)') ? n : undefined;
      });
      expect(contada.descricao.replace(HORA, 'HH:MM')).toBe('Alerta de SOS do rastreador THOR (300×) — última às HH:MM.');
      expect(await notificacoesDe(fujao.h)).toHaveLength(1);
      expect(await naoLidas(fujao.h)).toBe(1);
      // One row in the database, not 300.
      expect(await contar(app, 'notificacoes', sql`rastreador_id = ${fujao.rastreadorId}`)).toBe(1);

      // One push for the flood, the first alarm's text; the honest owner got theirs.
      await filaDePushVazia();
      expect(pushesPara(fujao.endpoint).map((m) => (m.payload as { corpo: string }).corpo)).toEqual(['Alerta de SOS do rastreador THOR.']);
      expect(pushesPara(honesto.endpoint).map((m) => (m.payload as { corpo: string }).corpo)).toEqual(['Alerta de SOS do rastreador MEL.']);

      // The owner's screen got the alarm once (with the count as it stood when sent), and the unread count.
      const naTela = socket.recebidos.flatMap((e) => e.notificacoes);
      expect(naTela).toHaveLength(1);
      expect(naTela[0]?.descricao).toMatch(/^Alerta de SOS do rastreador THOR[. ]/);
      expect(socket.recebidos.findLast((e) => e.naoLidas !== undefined)?.naoLidas).toBe(1);

      // Read, then one more SOS in the window: unread again (on the screen too), counted, still no new push.
      await app.inject({ method: 'PUT', url: '/api/notificacoes/lidas', headers: fujao.h });
      expect(await naoLidas(fujao.h)).toBe(0);
      socket.recebidos.length = 0;
      await inundador.enviar(encodeAlarm('sos'));
      await ate(async () => ((await notificacoesDe(fujao.h))[0]?.descricao.includes('(301×)') ? true : undefined));
      expect(await naoLidas(fujao.h)).toBe(1);
      const aviso = await ate(() => socket.recebidos.find((e) => e.notificacoesAtualizadas));
      expect([aviso.notificacoes, aviso.naoLidas]).toEqual([[], 1]);

      // Another kind is news: notified at once, with its push.
      await inundador.enviar(encodeAlarm('vibration'));
      await ate(async () => ((await notificacoesDe(fujao.h)).length === 2 ? true : undefined));
      expect((await notificacoesDe(fujao.h))[0]?.descricao).toBe('Alerta de vibração do rastreador THOR.');
      await filaDePushVazia();
      expect(pushesPara(fujao.endpoint)).toHaveLength(2);

      socket.ws.close();
      inundador.fim();
      outro.fim();
    },
  );

  it('after the window, the same alarm is a new notification with its own push', async () => {
    const d = await dono('PIPOCA');
    const c = await conectar(d.imei, portaCurta);
    await c.enviar(encodeAlarm('sos'));
    await ate(async () => ((await notificacoesDe(d.h)).length === 1 ? true : undefined));
    // The window here is 1 s.
    await new Promise((r) => setTimeout(r, 1500));
    await c.enviar(encodeAlarm('sos'));
    await ate(async () => ((await notificacoesDe(d.h)).length === 2 ? true : undefined));
    expect((await notificacoesDe(d.h)).map((n) => n.descricao)).toEqual([
      'Alerta de SOS do rastreador PIPOCA.',
      'Alerta de SOS do rastreador PIPOCA.',
    ]);
    await filaDePushVazia();
    expect(pushesPara(d.endpoint)).toHaveLength(2);
    c.fim();
  });

  it('a collar flipping across a border every 10 s crosses at most once a minute; every fix is kept', async () => {
    const d = await dono('BIDU');
    await zona(d.h, 'CASA', d.rastreadorId);
    const c = await conectar(d.imei);
    const inicio = Date.now() - 8 * 60_000;
    // Inside at the centre, then 400 m out (each beyond the margin: one fix decides), and back, every 10 s.
    // Then it stays out for 40 s.
    const lado = (i: number) => (i < 40 && i % 2 === 0 ? 0 : 400);
    for (let i = 0; i < 44; i++) expect(await fixComAck(c, new Date(inicio + i * 10_000), aoNorte(lado(i)))).toBe(true);
    await gw.zonasOciosas();

    const eventos = await eventosDe(d.rastreadorId);
    // Before the rule: 40 crossings (every fix that changed side). 430 s of fixes: at most 8.
    expect(eventos.length).toBeGreaterThanOrEqual(3);
    expect(eventos.length).toBeLessThanOrEqual(8);
    eventos.forEach((e, i) => {
      expect(e.tipo).toBe(i % 2 === 0 ? 'SAIDA' : 'ENTRADA');
      expect(e.atrasado).toBe(false);
      if (i > 0) expect(e.ms - (eventos[i - 1]?.ms ?? 0)).toBeGreaterThanOrEqual(60_000);
    });
    // Each crossing notified (recent fixes); once out for longer than the wait, the pet is shown out.
    expect(await contar(app, 'notificacoes', sql`rastreador_id = ${d.rastreadorId}`)).toBe(eventos.length);
    expect(await contar(app, 'localizacoes', sql`rastreador_id = ${d.rastreadorId}`)).toBe(44);
    const mapa = await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: d.h });
    const bidu = mapa.json<Marcador[]>().find((m) => m.rastreadorId === d.rastreadorId);
    expect(bidu?.foraDeZonas).toEqual(['CASA']);
    c.fim();
  });

  it('back-dated fixes crossing five zones store a bounded number of late events, notify nobody, and keep every fix', async () => {
    const d = await dono('FAISCA');
    for (const nome of ['Z1', 'Z2', 'Z3', 'Z4', 'Z5']) await zona(d.h, nome, d.rastreadorId);
    const honesto = await dono('LUNA');
    await zona(honesto.h, 'CASA', honesto.rastreadorId);
    const c = await conectar(d.imei);
    const h = await conectar(honesto.imei);

    // Yesterday, 61 s apart (past the crossing wait), in and out of all five zones each time.
    const ontem = Date.now() - 24 * 3_600_000;
    const envio = (async () => {
      for (let i = 0; i < 100; i++) expect(await fixComAck(c, new Date(ontem + i * 61_000), aoNorte(i % 2 === 0 ? 0 : 400))).toBe(true);
    })();
    // Meanwhile an honest collar walks out of its zone, now.
    const agora = Date.now() - 60_000;
    for (let i = 0; i < 4; i++) expect(await fixComAck(h, new Date(agora + i * 10_000), aoNorte(i < 2 ? 0 : 400))).toBe(true);
    await envio;
    await gw.zonasOciosas();

    // Before the rule: 495 events (99 crossings × 5 zones).
    const eventos = await eventosDe(d.rastreadorId);
    expect(eventos.length).toBeGreaterThan(0);
    expect(eventos.length).toBeLessThanOrEqual(EVENTOS_ATRASADOS_POR_JANELA);
    expect(eventos.every((e) => e.atrasado)).toBe(true);
    expect(await contar(app, 'notificacoes', sql`rastreador_id = ${d.rastreadorId}`)).toBe(0);
    expect(await contar(app, 'localizacoes', sql`rastreador_id = ${d.rastreadorId}`)).toBe(100);
    // The states followed every fix: the last one was outside all five.
    const mapa = await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: d.h });
    expect(
      mapa
        .json<Marcador[]>()
        .find((m) => m.rastreadorId === d.rastreadorId)
        ?.foraDeZonas.toSorted(),
    ).toEqual(['Z1', 'Z2', 'Z3', 'Z4', 'Z5']);

    // The honest owner heard of their pet leaving.
    expect((await notificacoesDe(honesto.h)).map((n) => n.descricao.replace(HORA, 'HH:MM'))).toEqual(['LUNA saiu da zona CASA às HH:MM']);
    c.fim();
    h.fim();
  });
});
