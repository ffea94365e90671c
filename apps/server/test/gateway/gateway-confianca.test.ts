import { sql } from 'drizzle-orm';
import pino from 'pino';
import { encodeGps, encodeHeartbeat, encodeLogin, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { comandosDe, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/** What the gateway believes of a device: its clock, its coordinates, its resends. */
let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 5000, maxConexoesPorIp: 50, maxBuffer: 4096 });
  gateway.medir(app.metrics.observarGateway(gateway));
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

let seq = 0;
/** A registered tracker linked to a fresh owner; returns its ids and the owner's headers. */
async function rastreadorComDono(nome = 'THOR') {
  seq += 1;
  const imei = `35933908100${String(seq).padStart(4, '0')}`;
  const id = await registrarRastreador(app, admin, imei);
  const dono = await criarCliente(app);
  await vincular(app, dono.id, id, nome);
  return { id, imei, dono: bearer(dono.token) };
}

const fix = (time: Date, latitude = -23.5614, longitude = -46.6559) => ({
  type: 0x10 as const,
  time,
  latitude,
  longitude,
  speedKmh: 3,
  course: 90,
  satellites: 9,
  valid: true,
  buffered: false,
});
const hexDaHora = (t: Date) =>
  [t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()]
    .map((n) => n.toString(16).padStart(2, '0'))
    .join('');
const agoraEmSegundos = (deslocamentoMs = 0) => new Date(Math.floor((Date.now() + deslocamentoMs) / 1000) * 1000);

async function marcadores(dono: Record<string, string>) {
  const r = await app.inject({
    method: 'GET',
    url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL',
    headers: dono,
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ position: { lat: number }; dataHora: string }[]>();
}

/** How many frames the gateway refused for being dated more than a day ahead, of one kind. */
async function descartadas(tipo: 'gps' | 'varredura') {
  const texto = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  return Number(new RegExp(`^rastro_gateway_futuras_descartadas_total\\{tipo="${tipo}"\\} (\\S+)$`, 'm').exec(texto)?.[1] ?? 0);
}

const bcdDaHora = (t: Date) =>
  [t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
const varredura = (time: Date) =>
  encodeWifiLbs({
    type: 0x18,
    time,
    accessPoints: [{ mac: 'AA:BB:CC:DD:EE:09', signalDbm: -60 }],
    mcc: 724,
    mnc: 5,
    cells: [{ mcc: 724, mnc: 5, lac: 1234, cellId: 98, signal: 50 }],
    cellWidth: 2,
  });

describe('device clocks and coordinates are checked', () => {
  it('a fix or scan dated more than a day ahead is acked but not stored, and counted; one minutes ahead is stored flagged', async () => {
    const t = await rastreadorComDono();
    const [gpsAntes, varredurasAntes] = [await descartadas('gps'), await descartadas('varredura')];
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(t.imei, 1));
    await d.esperar('787801010d0a');
    const agora = agoraEmSegundos(-60_000);
    await d.enviar(encodeGps(fix(agora, -23.5)));
    await d.esperar(hexDaHora(agora));
    const em2099 = new Date(Date.UTC(2099, 0, 1, 12, 0, 0));
    const daqui10min = agoraEmSegundos(10 * 60_000);
    await d.enviar(encodeGps(fix(em2099, -22.9)));
    await d.enviar(varredura(em2099));
    await d.enviar(encodeGps(fix(daqui10min, -22.8)));
    // Acked (otherwise the device would resend them forever and nothing after them would get through) ...
    await d.esperar(`10${hexDaHora(em2099)}0d0a`);
    await d.esperar(`18${bcdDaHora(em2099)}0d0a`);
    await d.esperar(hexDaHora(daqui10min));
    d.fim();
    // ... the map still shows the real current position ...
    const [m] = await marcadores(t.dono);
    expect(m?.position.lat).toBe(-23.5);
    expect(m?.dataHora).toBe(agora.toISOString());
    // ... the ones from 2099 are not stored, only counted; the one 10 minutes ahead is kept, flagged.
    const linhas = await consultar<{ tipo: string; futura: boolean }>(
      app.database.db,
      sql`select tipo, futura from localizacoes where rastreador_id = ${t.id} order by data_hora`,
    );
    expect(linhas).toEqual([
      { tipo: 'GPS', futura: false },
      { tipo: 'GPS', futura: true },
    ]);
    expect(await descartadas('gps')).toBe(gpsAntes + 1);
    expect(await descartadas('varredura')).toBe(varredurasAntes + 1);
    // A fix a minute ahead is within the clock tolerance.
    const d2 = await conectarDispositivo(porta);
    await d2.enviar(encodeLogin(t.imei, 1));
    const adiantado = agoraEmSegundos(60_000);
    await d2.enviar(encodeGps(fix(adiantado, -23.4)));
    await d2.esperar(hexDaHora(adiantado));
    d2.fim();
    expect((await marcadores(t.dono))[0]?.position.lat).toBe(-23.4);
  });

  it('a fix hours ahead is kept flagged but left out of the tracker’s positions unless asked for', async () => {
    const t = await rastreadorComDono();
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(t.imei, 1));
    await d.esperar('787801010d0a');
    const agora = agoraEmSegundos(-60_000);
    const daqui2h = agoraEmSegundos(2 * 3_600_000);
    await d.enviar(encodeGps(fix(agora, -23.5)));
    await d.enviar(encodeGps(fix(daqui2h, -22.9)));
    await d.esperar(hexDaHora(daqui2h));
    d.fim();
    const lista = async (extra = '') => {
      const r = await app.inject({ url: `/api/localizacoes?rastreadorId=${t.id}&orderDirection=desc${extra}`, headers: admin });
      expect(r.statusCode).toBe(200);
      const p = r.json<{ content: { dataHora: string; latitude: number }[]; totalElements: number }>();
      return { datas: p.content.map((l) => l.dataHora), total: p.totalElements };
    };
    // Newest first is the newest the device really reported, not the one its clock put ahead.
    expect(await lista()).toEqual({ datas: [agora.toISOString()], total: 1 });
    expect(await lista('&incluirFuturas=false')).toEqual({ datas: [agora.toISOString()], total: 1 });
    expect(await lista('&incluirFuturas=true')).toEqual({ datas: [daqui2h.toISOString(), agora.toISOString()], total: 2 });
    const invalido = await app.inject({ url: `/api/localizacoes?rastreadorId=${t.id}&incluirFuturas=sim`, headers: admin });
    expect(invalido.statusCode).toBe(400);
  });
});

describe('a resent frame is stored once', () => {
  it('a GPS fix or a scan sent again (the device missed the ack) is acked again and stored once', async () => {
    const t = await rastreadorComDono();
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(t.imei, 1));
    await d.esperar('787801010d0a');
    const quando = agoraEmSegundos(-120_000);
    const bcd = [
      quando.getUTCFullYear() - 2000,
      quando.getUTCMonth() + 1,
      quando.getUTCDate(),
      quando.getUTCHours(),
      quando.getUTCMinutes(),
      quando.getUTCSeconds(),
    ]
      .map((n) => String(n).padStart(2, '0'))
      .join('');
    const acks = (tipo: string) =>
      d
        .recebido()
        .toString('hex')
        .split(`${tipo}${tipo === '10' ? hexDaHora(quando) : bcd}0d0a`).length - 1;
    const esperarAcks = async (tipo: string, n: number) => {
      for (let i = 0; i < 500 && acks(tipo) < n; i++) await new Promise((r) => setTimeout(r, 10));
      expect(acks(tipo)).toBe(n);
    };
    await d.enviar(encodeGps(fix(quando)));
    await esperarAcks('10', 1);
    await d.enviar(encodeGps(fix(quando)));
    await esperarAcks('10', 2);

    const scan = encodeWifiLbs({
      type: 0x18,
      time: quando,
      accessPoints: [
        { mac: 'AA:BB:CC:DD:EE:01', signalDbm: -60 },
        { mac: 'AA:BB:CC:DD:EE:02', signalDbm: -70 },
      ],
      mcc: 724,
      mnc: 5,
      cells: [{ mcc: 724, mnc: 5, lac: 1234, cellId: 99, signal: 50 }],
      cellWidth: 2,
    });
    await d.enviar(scan);
    await esperarAcks('18', 1);
    await d.enviar(scan);
    await esperarAcks('18', 2);
    d.fim();
    const porTipo = await consultar<{ tipo: string; n: number }>(
      app.database.db,
      sql`select tipo, count(*)::int as n from localizacoes where rastreador_id = ${t.id} group by tipo order by tipo`,
    );
    expect(porTipo).toEqual([
      { tipo: 'GPS', n: 1 },
      { tipo: 'LBS', n: 1 },
      { tipo: 'WIFI', n: 2 },
    ]);
  });
});

describe('emitters are learned only from plausible fixes of two trackers', () => {
  const quando = () => agoraEmSegundos(-30_000);
  const bcd = (t: Date) =>
    [t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()]
      .map((n) => String(n).padStart(2, '0'))
      .join('');
  /** One tracker: a fix, then a scan heard 10 s later; resolves once both are acked. */
  async function fixEVarredura(imei: string, mac: string, f: Partial<ReturnType<typeof fix>>) {
    const t = quando();
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(imei, 1));
    await d.esperar('787801010d0a');
    await d.enviar(encodeGps({ ...fix(t, -23.59, -46.68), ...f, time: t }));
    await d.esperar(hexDaHora(t));
    const s = new Date(t.getTime() + 10_000);
    await d.enviar(
      encodeWifiLbs({ type: 0x18, time: s, accessPoints: [{ mac, signalDbm: -50 }], mcc: 724, mnc: 5, cells: [], cellWidth: 2 }),
    );
    await d.esperar(`18${bcd(s)}0d0a`);
    d.fim();
  }
  const ponto = async (mac: string) => {
    // Learning runs after the ack: give it a moment.
    for (let i = 0; i < 50; i++) {
      const [p] = await consultar<{ confirmado: boolean }>(app.database.db, sql`select confirmado from pontos_wifi where mac = ${mac}`);
      if (p) return p;
      await new Promise((r) => setTimeout(r, 20));
    }
    return undefined;
  };

  it('a fix with too few satellites, at car speed or far from the last one teaches nothing', async () => {
    const a = await rastreadorComDono();
    await fixEVarredura(a.imei, 'a0:00:00:00:00:01', { satellites: 2 });
    await fixEVarredura(a.imei, 'a0:00:00:00:00:02', { speedKmh: 90 });
    expect(await ponto('a0:00:00:00:00:01')).toBeUndefined();
    expect(await ponto('a0:00:00:00:00:02')).toBeUndefined();
    // A good fix teaches (unconfirmed); a teleport 500 km away a few seconds later does not.
    await fixEVarredura(a.imei, 'a0:00:00:00:00:03', {});
    expect(await ponto('a0:00:00:00:00:03')).toEqual({ confirmado: false });
    await fixEVarredura(a.imei, 'a0:00:00:00:00:04', { latitude: -19.9, longitude: -43.9 });
    expect(await ponto('a0:00:00:00:00:04')).toBeUndefined();
  });

  it('an access point heard by one tracker is confirmed by a second one', async () => {
    const a = await rastreadorComDono();
    const b = await rastreadorComDono();
    await fixEVarredura(a.imei, 'b0:00:00:00:00:01', {});
    await fixEVarredura(a.imei, 'b0:00:00:00:00:01', {});
    expect(await ponto('b0:00:00:00:00:01')).toEqual({ confirmado: false });
    await fixEVarredura(b.imei, 'b0:00:00:00:00:01', {});
    for (let i = 0; i < 50 && !(await ponto('b0:00:00:00:00:01'))?.confirmado; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await ponto('b0:00:00:00:00:01')).toEqual({ confirmado: true });
  });
});

const LOCALIZAR = '787801800d0a';
const sincronizar = (dono: Record<string, string>) =>
  app.inject({ method: 'PUT', url: '/api/usuarios/rastreadores/sincronizar', headers: dono, payload: {} });
async function ate(condicao: () => Promise<boolean> | boolean, ms = 5000) {
  const fim = Date.now() + ms;
  while (!(await condicao())) {
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('commands reach the device for real', () => {
  it('a command written to a socket that dies before the device speaks again is sent again on the next connection', async () => {
    const t = await rastreadorComDono();
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(t.imei, 1));
    await d.esperar('787801010d0a');
    expect((await sincronizar(t.dono)).statusCode).toBe(200);
    await d.esperar(LOCALIZAR);
    d.fim(); // gone before saying anything after the command
    await ate(() => !gateway.conectado(t.id));
    expect((await comandosDe(app, t.id)).map((c) => c.status)).toEqual(['PENDENTE']);
    const outra = await conectarDispositivo(porta);
    await outra.enviar(encodeLogin(t.imei, 1));
    await outra.esperar(LOCALIZAR);
    await outra.enviar(encodeHeartbeat());
    await ate(async () => (await comandosDe(app, t.id))[0]?.status === 'ENVIADO');
    outra.fim();
  });
});

describe('an IMEI claimed from two places', () => {
  it('keeps the newest connection, reports two sources taking turns, and holds commands until a fresh fix', async () => {
    const t = await rastreadorComDono();
    const a = await conectarDispositivo(porta, '127.0.0.1');
    await a.enviar(encodeLogin(t.imei, 1));
    await a.esperar('787801010d0a');
    const b = await conectarDispositivo(porta, '127.0.0.2');
    await b.enviar(encodeLogin(t.imei, 1));
    await b.esperar('787801010d0a');
    await a.esperarFechar(); // the newest wins
    const detalhe = async () =>
      (await app.inject({ method: 'GET', url: `/api/rastreadores/${t.id}/detalhe`, headers: admin })).json<{
        origensAlternadasEm: string | null;
      }>();
    // One change of source is a device that moved (CGNAT, another tower): nothing to report.
    expect((await detalhe()).origensAlternadasEm).toBeNull();
    const a2 = await conectarDispositivo(porta, '127.0.0.1');
    await a2.enviar(encodeLogin(t.imei, 1));
    await a2.esperar('787801010d0a');
    await b.esperarFechar();
    // Back and forth: administrators see it.
    await ate(async () => (await detalhe()).origensAlternadasEm !== null);
    // A command waits for a fresh position from the connection that holds the IMEI.
    expect((await sincronizar(t.dono)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(a2.recebido().toString('hex')).not.toContain(LOCALIZAR);
    const agora = agoraEmSegundos(-5_000);
    await a2.enviar(encodeGps(fix(agora)));
    await a2.esperar(hexDaHora(agora));
    await a2.esperar(LOCALIZAR);
    a2.fim();
  });

  it('a refused login is the last thing the connection gets: pipelined frames behind it are not even looked up', async () => {
    const t = await rastreadorComDono();
    // The gateway's log shows each login it looked up and refused.
    const log: string[] = [];
    const g = new GatewayTopin(app.database, pino({ level: 'info' }, { write: (l: string) => void log.push(l) }), {
      port: 0,
      host: '127.0.0.1',
      idleMs: 5000,
      maxConexoesPorIp: 50,
      maxBuffer: 4096,
    });
    const p = await g.iniciar();
    try {
      const logins = Buffer.concat([...Array.from({ length: 200 }, () => encodeLogin('359339089999998', 1)), encodeLogin(t.imei, 1)]);
      const d = await conectarDispositivo(p);
      await d.enviar(logins);
      await d.esperarFechar();
      await new Promise((r) => setTimeout(r, 200));
      expect(d.recebido().toString('hex')).toBe('787801440d0a');
      expect(log.filter((l) => l.includes('login recusado'))).toHaveLength(1);
      expect(log.filter((l) => l.includes('rastreador conectado'))).toHaveLength(0);
    } finally {
      await g.parar();
    }
  });

  it('TOPIN_CIDRS_PERMITIDOS refuses every other source before it says anything', async () => {
    const t = await rastreadorComDono();
    const restrito = new GatewayTopin(app.database, app.log, {
      port: 0,
      host: '127.0.0.1',
      idleMs: 5000,
      maxConexoesPorIp: 50,
      maxBuffer: 4096,
      cidrsPermitidos: ['127.0.0.2/32', '10.0.0.0/8'],
    });
    const p = await restrito.iniciar();
    try {
      const fora = await conectarDispositivo(p, '127.0.0.1');
      await fora.enviar(encodeLogin(t.imei, 1)).catch(() => undefined);
      await fora.esperarFechar();
      expect(fora.recebido().length).toBe(0);
      const dentro = await conectarDispositivo(p, '127.0.0.2');
      await dentro.enviar(encodeLogin(t.imei, 1));
      await dentro.esperar('787801010d0a');
      dentro.fim();
    } finally {
      await restrito.parar();
    }
  });
});

describe('no connection can hold the gateway', () => {
  it('closes a connection that does not log in within TOPIN_LOGIN_SECONDS, and caps the connections', async () => {
    const t = await rastreadorComDono();
    const g = new GatewayTopin(app.database, app.log, {
      port: 0,
      host: '127.0.0.1',
      idleMs: 60_000,
      maxConexoesPorIp: 50,
      maxBuffer: 4096,
      loginMs: 400,
      maxConexoes: 3,
    });
    const p = await g.iniciar();
    try {
      // Heartbeats are not a login: the deadline still applies.
      const calado = await conectarDispositivo(p);
      const falador = await conectarDispositivo(p);
      await falador.enviar(encodeHeartbeat());
      const logado = await conectarDispositivo(p);
      await logado.enviar(encodeLogin(t.imei, 1));
      await logado.esperar('787801010d0a');
      // A fourth connection is over the cap.
      const quarta = await conectarDispositivo(p);
      await quarta.esperarFechar(2000);
      await calado.esperarFechar(3000);
      await falador.esperarFechar(3000);
      await new Promise((r) => setTimeout(r, 300));
      expect(logado.fechado()).toBe(false);
      // Room again.
      const nova = await conectarDispositivo(p);
      await nova.enviar(encodeLogin(t.imei, 1));
      await nova.esperar('787801010d0a');
      nova.fim();
      logado.fim();
    } finally {
      await g.parar();
    }
  });

  it('a device flooding fixes is read no faster than it is handled, and an honest one is served meanwhile', async () => {
    const hostil = await rastreadorComDono();
    const honesto = await rastreadorComDono();
    const h = await conectarDispositivo(porta);
    await h.enviar(encodeLogin(hostil.imei, 1));
    await h.esperar('787801010d0a');
    const base = Date.now() - 86_400_000;
    const enxurrada = Buffer.concat(
      Array.from({ length: 20_000 }, (_, i) => encodeGps(fix(new Date(Math.floor(base / 1000) * 1000 + i * 1000)))),
    );
    void h.enviar(enxurrada);
    let maximo = 0;
    const amostrar = setInterval(() => (maximo = Math.max(maximo, gateway.estatisticas().emEspera)), 5);
    try {
      const d = await conectarDispositivo(porta);
      await d.enviar(encodeLogin(honesto.imei, 1));
      await d.esperar('787801010d0a');
      const agora = agoraEmSegundos(-1000);
      await d.enviar(encodeGps(fix(agora)));
      await d.esperar(hexDaHora(agora));
      d.fim();
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      clearInterval(amostrar);
      h.fim();
    }
    // Bounded by the pause threshold plus what one read of the socket holds (64 KiB of fixes),
    // far below the 20,000 sent.
    expect(maximo).toBeGreaterThan(0);
    expect(maximo).toBeLessThanOrEqual(64 + Math.ceil(65_536 / (enxurrada.length / 20_000)));
  });

  it('a bogus header (78 78 FF and noise) does not swallow the frames that follow it', async () => {
    const t = await rastreadorComDono();
    const d = await conectarDispositivo(porta);
    const agora = agoraEmSegundos(-3000);
    await d.enviar(Buffer.concat([Buffer.from('7878ff' + 'ab'.repeat(40), 'hex'), encodeLogin(t.imei, 1), encodeGps(fix(agora))]));
    await d.esperar('787801010d0a');
    await d.esperar(hexDaHora(agora));
    d.fim();
  });
});
