import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import type { EventoSocket, Marcador } from '@rastro/shared/schemas/mapa';
import type { Zona } from '@rastro/shared/schemas/zonas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { consultar } from '../../src/db/client';
import { GatewayTopin, type GatewayOptions } from '../../src/gateway/servidor';
import type { LocalizacaoResolvida } from '../../src/geolocation/tipos';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/**
 * Safe zones end to end over real TCP: a simulated collar reports fixes, the gateway stores and
 * acknowledges them, zones are evaluated after the commit, and the owner's socket hears of a
 * transition. Two gateways on one database stand for two instances.
 */
let app: TestApp;
let gwA: GatewayTopin;
let gwB: GatewayTopin;
/** A gateway whose geolocation service answers every scan with `geolocalizada` (a stand-in for the external service). */
let gwGeo: GatewayTopin;
let portaGeo = 0;
let geolocalizada: LocalizacaoResolvida | null = null;
let portaA = 0;
let portaB = 0;
let portaApi = 0;
let ana: { id: number; token: string; h: Record<string, string> };
let seq = 0;

const CENTRO = { latitude: -23.5614, longitude: -46.6559 };
const M_LAT = 1 / 111_320;
const M_LNG = 1 / (111_320 * Math.cos((CENTRO.latitude * Math.PI) / 180));
/** A point `norte`/`leste` metres from the zone's centre. */
const ponto = (norte: number, leste: number) => ({
  latitude: CENTRO.latitude + norte * M_LAT,
  longitude: CENTRO.longitude + leste * M_LNG,
});

// Fixes a second apart cross back and forth here: no wait between one tracker's crossings of a zone
// (ALERTAS_JANELA_SEGUNDOS; alarmes-agrupados.test.ts holds that rule).
const opcoes: GatewayOptions = {
  port: 0,
  host: '127.0.0.1',
  idleMs: 30_000,
  maxConexoesPorIp: 100,
  maxBuffer: 4096,
  zonas: { intervaloMinimoMs: 0 },
};

beforeAll(async () => {
  app = await criarApp();
  const a = await criarCliente(app, 'ANA');
  ana = { ...a, h: bearer(a.token) };
  gwA = new GatewayTopin(app.database, app.log, opcoes);
  gwB = new GatewayTopin(app.database, app.log, opcoes);
  portaA = await gwA.iniciar();
  portaB = await gwB.iniciar();
  gwGeo = new GatewayTopin(app.database, app.log, opcoes, { resolver: () => Promise.resolve(geolocalizada) });
  portaGeo = await gwGeo.iniciar();
  await app.listen({ port: 0, host: '127.0.0.1' });
  portaApi = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await gwA.parar();
  await gwB.parar();
  await gwGeo.parar();
  await app.fechar();
});

/** A pet of Ana's with its own tracker, and a 50 m zone around CENTRO applying to it. */
async function petComZona(nome: string, zona: Partial<Record<string, unknown>> = {}) {
  seq += 1;
  // One per pet of this file (each file has its own database): 15 digits, never cut.
  const imei = `3593390801${String(seq).padStart(5, '0')}`;
  const admin = bearer(await entrar(app));
  const rastreadorId = await registrarRastreador(app, admin, imei);
  await vincular(app, ana.id, rastreadorId, nome);
  const r = await app.inject({
    method: 'POST',
    url: '/api/zonas',
    headers: ana.h,
    payload: {
      nome: 'CASA',
      tipo: 'CIRCULO',
      ...CENTRO,
      raioMetros: 50,
      rastreadorIds: [rastreadorId],
      alertarSaida: true,
      alertarEntrada: true,
      ...zona,
    },
  });
  expect(r.statusCode).toBe(201);
  return { imei, rastreadorId, zona: r.json<Zona>() };
}

/** A collar connected to one gateway, sending fixes dated `atrasoMs` in the past, one second apart. */
async function coleira(porta: number, imei: string) {
  const d = await conectarDispositivo(porta);
  await d.enviar(encodeLogin(imei, 1));
  await d.esperar('787801010d0a');
  return {
    d,
    async fix(p: { latitude: number; longitude: number }, quando: Date, valid = true) {
      await d.enviar(
        encodeGps({
          type: 0x10,
          time: quando,
          latitude: p.latitude,
          longitude: p.longitude,
          speedKmh: 3,
          course: 0,
          satellites: 9,
          valid,
          buffered: false,
        }),
      );
      // The ack (type 0x10 echoed) comes after the commit.
      const antes = d.recebido().length;
      for (let i = 0; i < 250 && d.recebido().length === antes; i++) await new Promise((r) => setTimeout(r, 10));
    },
  };
}

let relogio = Date.now() - 10 * 60_000;
/** Device times: increasing, recent (not late), never ahead of the server. */
const agora = () => new Date((relogio = Math.max(relogio + 1000, Date.now() - 5 * 60_000)));

const notificacoes = (rastreadorId: number) =>
  consultar<{ descricao: string }>(
    app.database.db,
    sql`select descricao from notificacoes where rastreador_id = ${rastreadorId} order by id`,
  );
const eventos = (rastreadorId: number) =>
  consultar<{ tipo: string; atrasado: boolean }>(
    app.database.db,
    sql`select tipo, atrasado from zona_eventos where rastreador_id = ${rastreadorId} order by data_hora, id`,
  );

async function ate<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 5000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Lets every evaluation in flight finish, on both instances. */
async function assentar() {
  await new Promise((r) => setTimeout(r, 50));
  await Promise.all([gwA.zonasOciosas(), gwB.zonasOciosas(), gwGeo.zonasOciosas()]);
}

async function socketDaAna() {
  const ws = new WebSocket(`ws://127.0.0.1:${portaApi}/api/socket`);
  const recebidos: { quando: number; evento: EventoSocket }[] = [];
  ws.on('message', (d: Buffer) => {
    const v = JSON.parse(d.toString()) as EventoSocket;
    if ('notificacoes' in v) recebidos.push({ quando: Date.now(), evento: v });
  });
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  ws.send(JSON.stringify({ token: ana.token }));
  await new Promise((r) => setTimeout(r, 150));
  return { ws, recebidos };
}

beforeEach(() => {
  relogio = Date.now() - 10 * 60_000;
});

describe('safe zones over TCP', () => {
  it('walking out: exactly one SAIDA, on the socket within 2 s; walking back: one ENTRADA', async () => {
    const { imei, rastreadorId } = await petComZona('THOR');
    const s = await socketDaAna();
    const c = await coleira(portaA, imei);
    for (const m of [0, 10, 20]) await c.fix(ponto(m, 0), agora());
    await assentar();
    expect(await notificacoes(rastreadorId)).toEqual([]);

    // 80 m: the whole ±20 m circle is outside (one); 100 m: the second in a row decides.
    await c.fix(ponto(80, 0), agora());
    const decisivo = agora();
    const enviado = Date.now();
    await c.fix(ponto(100, 0), decisivo);
    const chegada = await ate(() => s.recebidos.find((r) => r.evento.notificacoes.some((n) => n.descricao.includes('saiu da zona'))));
    expect(chegada.quando - enviado).toBeLessThan(2000);
    const hora = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(decisivo);
    expect(chegada.evento.notificacoes.map((n) => n.descricao)).toEqual([`THOR saiu da zona CASA às ${hora}`]);
    // The marker pushed with it shows the pet outside.
    await ate(() =>
      s.recebidos.find((r) => r.evento.posicoes.some((p) => p.rastreadorId === rastreadorId && p.foraDeZonas.includes('CASA'))),
    );

    for (const m of [140, 200, 150]) await c.fix(ponto(m, 0), agora());
    await assentar();
    expect((await notificacoes(rastreadorId)).length).toBe(1);

    for (const m of [20, 0, 10]) await c.fix(ponto(m, 0), agora());
    await assentar();
    expect((await notificacoes(rastreadorId)).map((n) => n.descricao.replace(/\d\d:\d\d/, 'HH:MM'))).toEqual([
      'THOR saiu da zona CASA às HH:MM',
      'THOR entrou na zona CASA às HH:MM',
    ]);
    expect(await eventos(rastreadorId)).toEqual([
      { tipo: 'SAIDA', atrasado: false },
      { tipo: 'ENTRADA', atrasado: false },
    ]);
    // Back inside: the map says so (the phone's card shows 'Na zona CASA').
    const mapa = await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: ana.h });
    const thor = mapa.json<Marcador[]>().find((m) => m.rastreadorId === rastreadorId);
    expect([thor?.foraDeZonas, thor?.dentroDeZonas]).toEqual([[], ['CASA']]);
    c.d.fim();
    s.ws.close();
  });

  it('a co-guardian hears of the pet leaving, and sees its zone events and that it is outside, as the owner does', async () => {
    const { imei, rastreadorId } = await petComZona('LUNA');
    const bia = await criarCliente(app, 'BIA');
    const [vinculo] = await consultar<{ id: number }>(
      app.database.db,
      sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
    );
    const id = vinculo?.id ?? 0;
    await app.database.db.execute(
      sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
          values (${id}, ${bia.email}, ${bia.id}, ${`guardia-${id}`}, now() + interval '7 days', now())`,
    );
    const c = await coleira(portaA, imei);
    for (const m of [0, 80, 100]) await c.fix(ponto(m, 0), agora());
    await assentar();
    const avisados = await ate(async () => {
      const n = await consultar<{ usuario_id: number; descricao: string }>(
        app.database.db,
        sql`select usuario_id, descricao from notificacoes where rastreador_id = ${rastreadorId} order by usuario_id`,
      );
      return n.length >= 2 ? n : undefined;
    });
    expect(avisados.map((n) => n.usuario_id)).toEqual([ana.id, bia.id].sort((a, b) => a - b));
    expect(new Set(avisados.map((n) => n.descricao.replace(/\d\d:\d\d/, 'HH:MM')))).toEqual(new Set(['LUNA saiu da zona CASA às HH:MM']));

    const h = bearer(bia.token);
    const evs = await app.inject({ url: `/api/usuarios/rastreadores/${id}/eventos-zonas`, headers: h });
    expect(evs.statusCode).toBe(200);
    expect(evs.json<{ content: { tipo: string; zona: string }[] }>().content.map((e) => [e.tipo, e.zona])).toEqual([['SAIDA', 'CASA']]);
    const mapa = await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: h });
    expect(mapa.json<Marcador[]>().map((m) => [m.name, m.foraDeZonas, m.dentroDeZonas, m.compartilhadoPor])).toEqual([
      ['LUNA', ['CASA'], [], 'ANA'],
    ]);
    // Bia's own zones are hers: the owner's zone is not listed among them.
    expect((await app.inject({ url: '/api/zonas', headers: h })).json()).toEqual([]);
    c.d.fim();
  });

  it('one position far beyond the border is enough; entering alerts only when asked to', async () => {
    const { imei, rastreadorId } = await petComZona('REX', { alertarEntrada: false });
    const c = await coleira(portaA, imei);
    await c.fix(ponto(0, 0), agora());
    await c.fix(ponto(0, 150), agora());
    await ate(async () => ((await notificacoes(rastreadorId)).length === 1 ? true : undefined));
    await c.fix(ponto(0, 0), agora());
    await c.fix(ponto(0, 5), agora());
    await assentar();
    expect((await eventos(rastreadorId)).map((e) => e.tipo)).toEqual(['SAIDA', 'ENTRADA']);
    expect((await notificacoes(rastreadorId)).length).toBe(1);
    c.d.fim();
  });

  it('30 minutes of ±15 m GPS noise along the border of a 50 m zone: no notification', async () => {
    const { imei, rastreadorId } = await petComZona('NINA');
    const c = await coleira(portaA, imei);
    let semente = 17;
    const aleatorio = () => ((semente = (semente * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    relogio = Date.now() - 40 * 60_000;
    await c.fix(ponto(0, 0), agora());
    // A fix every 10 s for 30 minutes, the pet walking around the border, each fix off by up to 15 m per axis.
    for (let i = 0; i < 180; i++) {
      const angulo = (i / 180) * 2 * Math.PI;
      const p = ponto(50 * Math.cos(angulo) + 15 * aleatorio(), 50 * Math.sin(angulo) + 15 * aleatorio());
      relogio += 9000;
      await c.fix(p, agora());
    }
    // Not positioned (valid = false) far away: ignored.
    await c.fix(ponto(500, 0), agora(), false);
    await c.fix(ponto(600, 0), agora(), false);
    await assentar();
    expect(await notificacoes(rastreadorId)).toEqual([]);
    expect(await eventos(rastreadorId)).toEqual([]);
    c.d.fim();
  });

  it('a late offline batch updates the state in time order and records events without alerting', async () => {
    const { imei, rastreadorId } = await petComZona('LUNA');
    const c = await coleira(portaA, imei);
    const horaAtras = Date.now() - 60 * 60_000;
    const passos = [0, 10, 90, 120, 150, 130, 10, 0];
    for (const [i, m] of passos.entries()) await c.fix(ponto(m, 0), new Date(horaAtras + i * 60_000));
    await assentar();
    expect(await eventos(rastreadorId)).toEqual([
      { tipo: 'SAIDA', atrasado: true },
      { tipo: 'ENTRADA', atrasado: true },
    ]);
    expect(await notificacoes(rastreadorId)).toEqual([]);
    // Live again: it walks out now, and that alerts.
    await c.fix(ponto(0, 0), agora());
    await c.fix(ponto(200, 0), agora());
    await ate(async () => ((await notificacoes(rastreadorId)).length === 1 ? true : undefined));
    expect((await eventos(rastreadorId)).map((e) => e.tipo)).toEqual(['SAIDA', 'ENTRADA', 'SAIDA']);
    c.d.fim();
  });

  it('a late batch of format-2 fixes recorded offline (0x09, no ack) is fed to the zones as late fixes: events, no alert', async () => {
    const { imei, rastreadorId } = await petComZona('MEL');
    const c = await coleira(portaA, imei);
    const horaAtras = Date.now() - 60 * 60_000;
    const quadros = [0, 10, 90, 120, 150, 130, 10, 0].map((m, i) =>
      encodeGps({
        type: 0x09,
        time: new Date(horaAtras + i * 60_000),
        ...ponto(m, 0),
        speedKmh: 3,
        course: 0,
        satellites: 9,
        valid: false,
        buffered: true,
      }),
    );
    await c.d.enviar(Buffer.concat(quadros));
    await ate(async () => ((await eventos(rastreadorId)).length === 2 ? true : undefined));
    await assentar();
    expect(await eventos(rastreadorId)).toEqual([
      { tipo: 'SAIDA', atrasado: true },
      { tipo: 'ENTRADA', atrasado: true },
    ]);
    expect(await notificacoes(rastreadorId)).toEqual([]);
    c.d.fim();
  });

  it('two gateway instances: the collar hopping between them still gets one notification per transition', async () => {
    const { imei, rastreadorId } = await petComZona('BOLT');
    const caminho = [0, 10, 80, 100, 120, 30, 0, 10, 90, 110, 20, 0];
    for (const [i, m] of caminho.entries()) {
      // Each fix on a new connection, alternately to A and B (a collar reconnecting through the balancer).
      const c = await coleira(i % 2 === 0 ? portaA : portaB, imei);
      await c.fix(ponto(m, 0), agora());
      c.d.fim();
      await assentar();
    }
    expect((await eventos(rastreadorId)).map((e) => e.tipo)).toEqual(['SAIDA', 'ENTRADA', 'SAIDA', 'ENTRADA']);
    expect((await notificacoes(rastreadorId)).length).toBe(4);
  });

  it('WI-FI/LBS positions count with their accuracy: a wide circle across the border never alerts', async () => {
    const { imei, rastreadorId } = await petComZona('TOTO');
    const c = await coleira(portaGeo, imei);
    await c.fix(ponto(0, 0), agora());
    const varredura = async (onde: { latitude: number; longitude: number }, precisao: number) => {
      geolocalizada = { ...onde, precisao, fonte: 'WIFI' };
      const antes = c.d.recebido().length;
      await c.d.enviar(
        encodeWifiLbs({
          type: 0x18,
          time: agora(),
          accessPoints: [
            { mac: '10:20:30:40:50:60', signalDbm: -55 },
            { mac: '10:20:30:40:50:61', signalDbm: -70 },
          ],
          mcc: 724,
          mnc: 11,
          cells: [{ mcc: 724, mnc: 11, lac: 321, cellId: 6543, signal: 40 }],
          cellWidth: 2,
        }),
      );
      for (let i = 0; i < 250 && c.d.recebido().length === antes; i++) await new Promise((r) => setTimeout(r, 10));
    };
    // 120 m from the centre, ±150 m: the circle reaches inside the zone, so it cannot tell.
    for (let i = 0; i < 3; i++) await varredura(ponto(120, 0), 150);
    await assentar();
    expect(await eventos(rastreadorId)).toEqual([]);
    // 250 m, ±40 m: wholly outside, and by more than the margin.
    await varredura(ponto(250, 0), 40);
    await ate(async () => ((await notificacoes(rastreadorId)).length === 1 ? true : undefined));
    expect((await eventos(rastreadorId)).map((e) => e.tipo)).toEqual(['SAIDA']);
    c.d.fim();
  });

  it('changing a zone resets its state without alerting, on every instance', async () => {
    const { imei, rastreadorId, zona } = await petComZona('MEL');
    const c = await coleira(portaB, imei);
    await c.fix(ponto(0, 0), agora());
    await c.fix(ponto(30, 0), agora());
    await assentar();
    // The zone moves 300 m north: MEL is now outside it, which is where it starts, silently.
    const r = await app.inject({
      method: 'PUT',
      url: `/api/zonas/${zona.id}`,
      headers: ana.h,
      payload: { ...zona, ...ponto(300, 0), raioMetros: 50 },
    });
    expect(r.statusCode).toBe(200);
    await new Promise((r2) => setTimeout(r2, 200));
    await c.fix(ponto(0, 0), agora());
    await c.fix(ponto(5, 0), agora());
    await assentar();
    expect(await notificacoes(rastreadorId)).toEqual([]);
    const [estado] = await consultar<{ estado: string }>(
      app.database.db,
      sql`select estado from zona_estados where rastreador_id = ${rastreadorId}`,
    );
    expect(estado?.estado).toBe('FORA');
    c.d.fim();
  });
});
