import { connect, createServer } from 'node:net';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { consultar } from '../../src/db/client';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { conectarDispositivo } from '../apoio/dispositivo';

const IMEI = '359339080000077';

async function portaLivre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const porta = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return porta;
}

let app: TestApp;
let porta = 0;
let rastreadorId = 0;

beforeAll(async () => {
  porta = await portaLivre();
  app = await criarApp({ TOPIN_PORT: String(porta), HOST: '127.0.0.1' }, undefined, { gateway: true });
  const h = bearer(await entrar(app));
  const chip = (
    await app.inject({ method: 'POST', url: '/api/chips', headers: h, payload: { descricao: 'Ciclo', numero: '11955550077' } })
  ).json<{ id: number }>().id;
  rastreadorId = (
    await app.inject({ method: 'POST', url: '/api/rastreadores', headers: h, payload: { imei: IMEI, protocolo: 'TOPIN', chipId: chip } })
  ).json<{ id: number }>().id;
});
afterAll(async () => {
  await app.database.close().catch(() => undefined);
});

describe('the app owns every long-lived part', () => {
  it('lists the gateway and the background tasks as plugins of the app', () => {
    const arvore = app.printPlugins();
    for (const nome of ['gateway', 'push.entregador', 'posicoes.particoes', 'meus-rastreadores.vigia']) expect(arvore).toContain(nome);
  });

  it('the gateway listens once the app is ready, and app.close() closes the device, stores what was acked and frees the port', async () => {
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    const hora = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));
    const fix = {
      type: 0x10 as const,
      time: hora,
      latitude: -23.56,
      longitude: -46.65,
      speedKmh: 0,
      course: 0,
      satellites: 8,
      valid: true,
      buffered: false,
    };
    await d.enviar(encodeGps(fix));
    await d.esperar('78780');
    await d.esperar(`10${[26, 11, 22, 12, 0, 0].map((n) => n.toString(16).padStart(2, '0')).join('')}0d0a`);

    await app.close();
    await d.esperarFechar();
    const [linha] = await consultar<{ n: number }>(
      app.database.db,
      sql`select count(*)::int as n from localizacoes where rastreador_id = ${rastreadorId} and data_hora = ${hora.toISOString()}::timestamptz`,
    );
    expect(linha?.n).toBe(1);
    const recusada = await new Promise<string>((r) => {
      const s = connect({ port: porta, host: '127.0.0.1' });
      s.once('connect', () => (s.destroy(), r('aceita')));
      s.once('error', (err: NodeJS.ErrnoException) => r(err.code ?? 'erro'));
    });
    expect(recusada).toBe('ECONNREFUSED');
  });
});
