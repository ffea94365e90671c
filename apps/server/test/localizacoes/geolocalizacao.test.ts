import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { distancia } from '../../src/geolocation/centroide';
import { LocalGeolocationProvider } from '../../src/geolocation/local-provider';
import { importarOpenCellId } from '../../src/geolocation/opencellid';
import { criarApp, type TestApp } from '../apoio/helpers';

let app: TestApp;
let geo: LocalGeolocationProvider;
beforeAll(async () => {
  app = await criarApp();
  geo = new LocalGeolocationProvider(app.database.db);
});
afterAll(async () => {
  await app.fechar();
});

const casa = { latitude: -23.5614, longitude: -46.6559 };
const parque = { latitude: -23.5874, longitude: -46.6576 };

describe('local geolocation, learned from the fleet', () => {
  it('knows nothing at first, then resolves a scan near where the fleet heard those access points', async () => {
    const scan = {
      accessPoints: [
        { mac: 'AA:BB:CC:00:00:01', signalDbm: -50 },
        { mac: 'aa:bb:cc:00:00:02', signalDbm: -70 },
      ],
      cells: [],
    };
    expect(await geo.resolver(scan)).toBeNull();
    await geo.aprender(scan, casa, 1);
    await geo.aprender(scan, { latitude: casa.latitude + 0.0001, longitude: casa.longitude }, 2);
    const pos = await geo.resolver({
      accessPoints: [
        { mac: 'aa:bb:cc:00:00:01', signalDbm: -55 },
        { mac: 'ff:ff:ff:ff:ff:ff', signalDbm: -40 },
      ],
      cells: [],
    });
    expect(pos?.fonte).toBe('WIFI');
    expect(distancia(pos ?? { latitude: 0, longitude: 0 }, casa)).toBeLessThan(20);
    expect(pos?.precisao).toBeGreaterThanOrEqual(50);
  });

  it('believes no single tracker: an emitter is used only once a second tracker has heard it', async () => {
    const scan = {
      accessPoints: [{ mac: 'aa:bb:cc:00:00:77', signalDbm: -50 }],
      cells: [{ mcc: 724, mnc: 5, lac: 7777, cellId: 7777, signal: -80 }],
    };
    for (let i = 0; i < 5; i++) await geo.aprender(scan, parque, 41);
    expect(await geo.resolver(scan)).toBeNull();
    await geo.aprender(scan, parque, 42);
    expect(await geo.resolver(scan)).toMatchObject({ fonte: 'WIFI' });
    expect(await geo.resolver({ accessPoints: [], cells: scan.cells })).toMatchObject({ fonte: 'LBS' });
  });

  it('falls back to known cells when no access point is known', async () => {
    const cell = { mcc: 724, mnc: 5, lac: 1111, cellId: 2222, signal: -80 };
    await geo.aprender({ accessPoints: [], cells: [cell] }, parque, 1);
    await geo.aprender({ accessPoints: [], cells: [cell] }, parque, 2);
    const pos = await geo.resolver({ accessPoints: [{ mac: '00:00:00:00:00:09', signalDbm: -60 }], cells: [cell] });
    expect(pos).toMatchObject({ fonte: 'LBS', precisao: 1000 });
    expect(distancia(pos ?? { latitude: 0, longitude: 0 }, parque)).toBeLessThan(1);
  });

  it('imports an OpenCellID CSV, skipping bad lines and other countries', async () => {
    const csv = [
      'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
      'LTE,724,11,3001,123456789,0,-46.6333,-23.5505,1500,12,1,1459813819,1459813819,0',
      'GSM,724,5,3002,4242,0,-43.1729,-22.9068,,3,1,1459813819,1459813819,0',
      'GSM,310,260,1,1,0,-122.4,37.7,1000,1,1,1,1,0',
      'lixo,sem,numeros',
    ].join('\n');
    const r = await importarOpenCellId(app.database.db, Readable.from([csv]), { mccs: [724] });
    expect(r).toEqual({ importadas: 2, ignoradas: 1 });
    const rows = await consultar<{ cell_id: number; alcance: number; fonte: string }>(
      app.database.db,
      sql`select cell_id::int as cell_id, alcance, fonte from celulas where mcc = 724 and lac in (3001, 3002) order by lac`,
    );
    expect(rows).toEqual([
      { cell_id: 123456789, alcance: 1500, fonte: 'OPENCELLID' },
      { cell_id: 4242, alcance: 1000, fonte: 'OPENCELLID' },
    ]);
    const pos = await geo.resolver({ accessPoints: [], cells: [{ mcc: 724, mnc: 11, lac: 3001, cellId: 123456789, signal: -90 }] });
    expect(pos).toMatchObject({ latitude: -23.5505, longitude: -46.6333, precisao: 1500, fonte: 'LBS' });
    // A fleet fix does not move an imported cell.
    await geo.aprender({ accessPoints: [], cells: [{ mcc: 724, mnc: 11, lac: 3001, cellId: 123456789, signal: -90 }] }, parque, 1);
    expect(
      (await geo.resolver({ accessPoints: [], cells: [{ mcc: 724, mnc: 11, lac: 3001, cellId: 123456789, signal: -90 }] }))?.latitude,
    ).toBe(-23.5505);
  });
});
