import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/**
 * What a collar recorded without network (issue #36), over real TCP: every offline type (0x09,
 * 0x11, 0x17, 0x19, 0x1B) lands in the history with its device time, and a newer live fix stays the
 * current position. The vendor's format-2 sample sent as 0x09 is stored like the same body as 0x08.
 */
let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let rastreadorId = 0;
const IMEI = '359339080000036';

/** The vendor's GPS format 2 sample (packages/topin/vectors), 2019-08-26 07:51:33 UTC, as 0x08 or 0x09. */
const amostraFormato2 = (tipo: '08' | '09') =>
  Buffer.from(`787820${tipo}13081A0733211608C8D1710DED1D1608DFFB710E06D51039050100286489000D0A`, 'hex');

beforeAll(async () => {
  app = await criarApp();
  const h = bearer(await entrar(app));
  const chip = (
    await app.inject({ method: 'POST', url: '/api/chips', headers: h, payload: { descricao: 'OFF', numero: '11955553636' } })
  ).json<{ id: number }>().id;
  rastreadorId = (
    await app.inject({ method: 'POST', url: '/api/rastreadores', headers: h, payload: { imei: IMEI, protocolo: 'TOPIN', chipId: chip } })
  ).json<{ id: number }>().id;
  const dono = await criarCliente(app);
  await vincular(app, dono.id, rastreadorId, 'OFFLINE');
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 3000, maxConexoesPorIp: 4, maxBuffer: 4096 });
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

const linhas = (dataHora: Date) =>
  consultar<{ tipo: string; latitude: number | null; longitude: number | null }>(
    app.database.db,
    sql`select tipo, latitude, longitude from localizacoes where rastreador_id = ${rastreadorId} and data_hora = ${dataHora.toISOString()}::timestamptz order by tipo`,
  );

/** Polls until the rows dated `dataHora` are there (0x08/0x09 have no ack to wait for). */
async function esperarLinhas(dataHora: Date) {
  for (let i = 0; i < 100; i++) {
    const r = await linhas(dataHora);
    if (r.length > 0) return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  return linhas(dataHora);
}

/** The current GPS position's time, in ms. */
const atual = async () =>
  (
    await consultar<{ ms: number }>(
      app.database.db,
      sql`select (extract(epoch from data_hora) * 1000)::float8 as ms from localizacoes_atuais where rastreador_id = ${rastreadorId} and tipo = 'GPS'`,
    )
  )[0]?.ms;

describe('fixes recorded without network (offline types)', () => {
  it('the vendor’s format-2 sample as 0x09 is stored like the same body as 0x08', async () => {
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    const hora = new Date('2019-08-26T07:51:33Z');
    await d.enviar(amostraFormato2('09'));
    const [r] = await esperarLinhas(hora);
    expect(r?.tipo).toBe('GPS');
    expect(r?.latitude).toBeCloseTo(22.575697, 5);
    expect(r?.longitude).toBeCloseTo(113.912669, 5);
    d.fim();
  });

  it('0x09, 0x11, 0x17, 0x19 and 0x1B land with their device time; the newer live fix stays the current position', async () => {
    const agora = Date.now();
    const em = (minutosAtras: number) => new Date(Math.floor((agora - minutosAtras * 60_000) / 1000) * 1000);
    const fix = (type: 0x08 | 0x09 | 0x10 | 0x11, t: Date, latitude: number) =>
      encodeGps({ type, time: t, latitude, longitude: -46.6559, speedKmh: 3, course: 90, satellites: 7, valid: true, buffered: false });
    const varredura = (type: 0x17 | 0x19 | 0x1b, t: Date) =>
      encodeWifiLbs({
        type,
        time: t,
        accessPoints: [{ mac: 'a4:39:b3:73:81:3c', signalDbm: -61 }],
        mcc: 724,
        mnc: 5,
        cells: [{ mcc: 724, mnc: 5, lac: 1234, cellId: 5678, signal: 50 }],
        cellWidth: type === 0x1b ? 4 : 2,
      });
    const vivo = em(1);
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    await d.enviar(fix(0x10, vivo, -23.5614));
    await d.esperar('7878');
    await expect.poll(atual).toBe(vivo.getTime());

    // Back in coverage, the collar uploads what it recorded: older than the live fix.
    const gps09 = em(180);
    const gps11 = em(150);
    const [t17, t19, t1b] = [em(120), em(110), em(100)];
    await d.enviar(
      Buffer.concat([
        fix(0x09, gps09, -23.5701),
        fix(0x11, gps11, -23.5702),
        varredura(0x17, t17),
        varredura(0x19, t19),
        varredura(0x1b, t1b),
      ]),
    );

    expect(await esperarLinhas(gps09)).toEqual([
      { tipo: 'GPS', latitude: expect.closeTo(-23.5701, 5), longitude: expect.closeTo(-46.6559, 5) },
    ]);
    expect(await esperarLinhas(gps11)).toEqual([
      { tipo: 'GPS', latitude: expect.closeTo(-23.5702, 5), longitude: expect.closeTo(-46.6559, 5) },
    ]);
    for (const t of [t17, t19, t1b]) expect((await esperarLinhas(t)).map((l) => l.tipo)).toEqual(['LBS', 'WIFI']);
    expect(await atual()).toBe(vivo.getTime());
    d.fim();
  });
});
