import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { messageArb } from '@rastro/topin/arbitraries';
import { encodeGps, encodeLogin, encodeMessage } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/**
 * Property: whatever one device sends — valid frames with any field values, its own login again,
 * truncated frames, bytes at random — another device's fixes are all acknowledged and stored.
 */
let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let honestoId = 0;
const HONESTO = '359339082000001';
const HOSTIL = '359339082000002';

beforeAll(async () => {
  app = await criarApp();
  const admin = bearer(await entrar(app));
  honestoId = await registrarRastreador(app, admin, HONESTO);
  const hostilId = await registrarRastreador(app, admin, HOSTIL);
  const dono = await criarCliente(app);
  await vincular(app, dono.id, honestoId, 'HONESTO');
  await vincular(app, dono.id, hostilId, 'HOSTIL');
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 10_000, maxConexoesPorIp: 100, maxBuffer: 4096 });
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

/** What the hostile device writes at once: a frame, a frame cut short, or noise. */
const pedacoArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 5, arbitrary: messageArb.filter((m) => m.kind !== 'login').map((m) => encodeMessage(m)) },
  { weight: 1, arbitrary: fc.constant(encodeLogin(HOSTIL, 1)) },
  {
    weight: 2,
    arbitrary: messageArb.chain((m) => {
      const b = encodeMessage(m);
      return fc.integer({ min: 1, max: b.length }).map((n) => b.subarray(0, n));
    }),
  },
  { weight: 2, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 300 }) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => Uint8Array.from([0x78, 0x78, ...b])) },
);

let segundo = 0;
const hexDaHora = (t: Date) =>
  [t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()]
    .map((n) => n.toString(16).padStart(2, '0'))
    .join('');

describe('one device cannot disturb another', () => {
  it("any sequence of frames from one device never delays or loses another device's acked fixes", async () => {
    const base = Math.floor(Date.now() / 1000 - 30 * 86_400) * 1000;
    const enviadas: Date[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(pedacoArb, { minLength: 1, maxLength: 40 }), async (pedacos) => {
        const hostil = await conectarDispositivo(porta);
        const honesto = await conectarDispositivo(porta);
        try {
          await hostil.enviar(encodeLogin(HOSTIL, 1));
          await honesto.enviar(encodeLogin(HONESTO, 1));
          await honesto.esperar('787801010d0a');
          const ataque = (async () => {
            for (const p of pedacos) {
              if (hostil.fechado()) return;
              await hostil.enviar(p);
            }
          })();
          for (let i = 0; i < 3; i++) {
            const t = new Date(base + ++segundo * 1000);
            enviadas.push(t);
            await honesto.enviar(
              encodeGps({
                type: 0x10,
                time: t,
                latitude: -23.56,
                longitude: -46.65,
                speedKmh: 2,
                course: 0,
                satellites: 8,
                valid: true,
                buffered: false,
              }),
            );
            // Acked promptly (the default 5 s of esperar), whatever the other one is doing.
            await honesto.esperar(hexDaHora(t));
          }
          await ataque;
        } finally {
          hostil.fim();
          honesto.fim();
        }
      }),
      { numRuns: 25 },
    );
    const [r] = await consultar<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from localizacoes where rastreador_id = ${honestoId} and tipo = 'GPS'`,
    );
    expect(r?.n).toBe(enviadas.length);
  }, 120_000);
});
