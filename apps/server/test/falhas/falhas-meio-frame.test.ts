import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { conectarDispositivo } from '../apoio/dispositivo';
import { registrarRastreador } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/**
 * Issue #6, fault 4: a device that drops mid-frame leaves no half row, and its next connection
 * works normally (a frame never spans two connections).
 */

let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let rastreadorId = 0;
const IMEI = '359339080000077';

beforeAll(async () => {
  app = await criarApp();
  rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), IMEI);
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 30_000, maxConexoesPorIp: 50, maxBuffer: 4096 });
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

const LOGIN_OK = '787801010d0a';
const quando = (min: number, s = 0) => new Date(Date.UTC(2026, 4, 3, 10, min, s));
const fix = (t: Date, lat = -23.55) =>
  encodeGps({
    type: 0x10,
    time: t,
    latitude: lat,
    longitude: -46.63,
    speedKmh: 3,
    course: 10,
    satellites: 7,
    valid: true,
    buffered: false,
  });
const varredura = (t: Date) =>
  encodeWifiLbs({
    type: 0x18,
    time: t,
    accessPoints: [
      { mac: '10:20:30:40:50:60', signalDbm: -55 },
      { mac: '10:20:30:40:50:61', signalDbm: -70 },
    ],
    mcc: 724,
    mnc: 11,
    cells: [{ mcc: 724, mnc: 11, lac: 321, cellId: 6543, signal: 40 }],
    cellWidth: 2,
  });
/** The server's ack of a fix or scan: LEN echoed, type, the frame's 6 time bytes. */
const ack = (frame: Uint8Array) =>
  `7878${Buffer.from(frame.subarray(2, 4)).toString('hex')}${Buffer.from(frame.subarray(4, 10)).toString('hex')}0d0a`;

const linhas = (t: Date) =>
  consultar<{ tipo: string; latitude: number | null }>(
    app.database.db,
    sql`select tipo, latitude from localizacoes where rastreador_id = ${rastreadorId} and data_hora = ${t.toISOString()}::timestamptz order by tipo, id`,
  );

async function logado() {
  const d = await conectarDispositivo(porta);
  await d.enviar(encodeLogin(IMEI, 1));
  await d.esperar(LOGIN_OK, 15_000);
  return d;
}

async function esperarFechar(d: Awaited<ReturnType<typeof conectarDispositivo>>) {
  d.fim();
  await d.esperarFechar(15_000);
}

describe('device disconnects mid-frame', () => {
  it('a half GPS frame leaves no row; the next connection stores the whole fix once', async () => {
    const t = quando(1);
    const inteiro = fix(t);
    const corte = 11; // header, time and part of the coordinates
    const d = await logado();
    await d.enviar(inteiro.subarray(0, corte));
    await esperarFechar(d);

    // A new connection: the lost tail arrives first (noise now), then the whole fix.
    const outra = await logado();
    await outra.enviar(inteiro.subarray(corte));
    await outra.enviar(inteiro);
    await outra.esperar(ack(inteiro), 15_000);
    expect(await linhas(t)).toEqual([{ tipo: 'GPS', latitude: expect.closeTo(-23.55, 5) as number }]);
    // And the stream goes on normally.
    const seguinte = fix(quando(1, 30), -23.56);
    await outra.enviar(seguinte);
    await outra.esperar(ack(seguinte), 15_000);
    expect(await linhas(quando(1, 30))).toHaveLength(1);
    outra.fim();
  });

  it('a half WI-FI/cell scan leaves no row of any kind', async () => {
    const t = quando(2);
    const inteiro = varredura(t);
    const d = await logado();
    // Everything but the last cell and the trailer.
    await d.enviar(inteiro.subarray(0, inteiro.length - 6));
    await esperarFechar(d);

    const outra = await logado();
    const depois = quando(3);
    const completa = varredura(depois);
    await outra.enviar(completa);
    await outra.esperar(ack(completa), 15_000);
    expect(await linhas(t)).toEqual([]);
    expect((await linhas(depois)).map((l) => l.tipo)).toEqual(['LBS', 'WIFI', 'WIFI']);
    outra.fim();
  });

  it('a whole frame followed by half of the next, then a drop: the whole one is kept, the half is not', async () => {
    const tInteiro = quando(4);
    const tMetade = quando(4, 1);
    const metade = fix(tMetade);
    const d = await conectarDispositivo(porta);
    // One TCP write, and the socket closed at once: the ack may never reach the device.
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), fix(tInteiro), metade.subarray(0, metade.length - 3)]));
    d.fim();
    await d.esperarFechar(15_000);

    const fim = Date.now() + 15_000;
    while ((await linhas(tInteiro)).length === 0 && Date.now() < fim) await new Promise((r) => setTimeout(r, 50));
    expect(await linhas(tInteiro)).toHaveLength(1);

    // The next connection: normal service, and still nothing of the half frame.
    const outra = await logado();
    const proximo = fix(quando(5));
    await outra.enviar(proximo);
    await outra.esperar(ack(proximo), 15_000);
    expect(await linhas(tMetade)).toEqual([]);
    outra.fim();
  });
});
