import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpGeolocationProvider } from './http-provider';

let url = '';
const pedidos: { url: string; corpo: unknown }[] = [];
const server = createServer((req, res) => {
  let b = '';
  req.on('data', (c: Buffer) => (b += c.toString()));
  req.on('end', () => {
    const corpo = JSON.parse(b) as { wifiAccessPoints: unknown[] };
    pedidos.push({ url: req.url ?? '', corpo });
    res.setHeader('content-type', 'application/json');
    if (corpo.wifiAccessPoints.length === 0) {
      res.statusCode = 404;
      return res.end('{"error":{"code":404,"message":"Not found"}}');
    }
    res.end(JSON.stringify({ location: { lat: -23.56, lng: -46.65 }, accuracy: 42 }));
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/geolocate`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('HttpGeolocationProvider', () => {
  it('sends the scan in the Google/Ichnaea format and reads the answer', async () => {
    const p = new HttpGeolocationProvider(url, 'chave');
    const pos = await p.resolver({
      accessPoints: [{ mac: 'aa:bb:cc:dd:ee:ff', signalDbm: -60 }],
      cells: [{ mcc: 724, mnc: 5, lac: 1234, cellId: 56789, signal: -80 }],
    });
    expect(pos).toEqual({ latitude: -23.56, longitude: -46.65, precisao: 42, fonte: 'WIFI' });
    expect(pedidos.at(-1)).toEqual({
      url: '/v1/geolocate?key=chave',
      corpo: {
        considerIp: false,
        wifiAccessPoints: [{ macAddress: 'aa:bb:cc:dd:ee:ff', signalStrength: -60 }],
        cellTowers: [{ mobileCountryCode: 724, mobileNetworkCode: 5, locationAreaCode: 1234, cellId: 56789, signalStrength: -80 }],
      },
    });
  });

  it('answers null when the service finds nothing or cannot be reached', async () => {
    expect(
      await new HttpGeolocationProvider(url, undefined).resolver({
        accessPoints: [],
        cells: [{ mcc: 724, mnc: 5, lac: 1, cellId: 2, signal: -90 }],
      }),
    ).toBeNull();
    expect(
      await new HttpGeolocationProvider('http://127.0.0.1:9/x', undefined, 500).resolver({
        accessPoints: [{ mac: 'aa:bb:cc:dd:ee:ff', signalDbm: -60 }],
        cells: [],
      }),
    ).toBeNull();
  });
});
