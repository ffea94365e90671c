import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import type { AtividadeDia } from '@rastro/shared/schemas/atividade';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { Calendario } from '../../src/modules/atividade/calendario';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/** Daily activity end to end over real TCP: a simulated collar walks, the day's aggregate grows. */
let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;

beforeAll(async () => {
  app = await criarApp();
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 30_000, maxConexoesPorIp: 10, maxBuffer: 4096 });
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

it('fixes sent by a collar end up in the day’s activity, after their acks', async () => {
  const ana = await criarCliente(app, 'ANA');
  const imei = '359339080200017';
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, ana.id, rastreadorId, 'THOR');
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );

  const d = await conectarDispositivo(porta);
  await d.enviar(encodeLogin(imei, 1));
  await d.esperar('787801010d0a');
  // 500 m east at 5 km/h (6 minutes), a fix every 15 s, ending a minute ago.
  const inicio = Date.now() - 7 * 60_000;
  const casa = { latitude: -23.5614, longitude: -46.6559 };
  const mLng = 1 / (111_320 * Math.cos((casa.latitude * Math.PI) / 180));
  for (let s = 0; s <= 360; s += 15) {
    const antes = d.recebido().length;
    await d.enviar(
      encodeGps({
        type: 0x10,
        time: new Date(inicio + s * 1000),
        latitude: casa.latitude,
        longitude: casa.longitude + ((500 * s) / 360) * mLng,
        speedKmh: 5,
        course: 90,
        satellites: 9,
        valid: true,
        buffered: false,
      }),
    );
    // The ack comes after the commit; the activity is added after it.
    for (let i = 0; i < 250 && d.recebido().length === antes; i++) await new Promise((r) => setTimeout(r, 10));
  }
  await gateway.atividadeOciosa();
  d.fim();

  const dia = new Calendario('America/Sao_Paulo').dia(inicio).dia;
  const r = await app.inject({
    method: 'GET',
    url: `/api/usuarios/rastreadores/${v?.id ?? 0}/atividade`,
    headers: bearer(ana.token),
    query: { dataInicial: dia, dataFinal: dia },
  });
  expect(r.statusCode).toBe(200);
  const [hoje] = r.json<AtividadeDia[]>();
  expect(hoje?.distanciaMetros).toBeGreaterThanOrEqual(490);
  expect(hoje?.distanciaMetros).toBeLessThanOrEqual(510);
  expect(hoje?.minutosAtivos).toBe(6);
  const [estado] = await consultar<{ versao: number }>(
    app.database.db,
    sql`select versao from atividade_estados where rastreador_id = ${rastreadorId}`,
  );
  expect(estado?.versao).toBeGreaterThanOrEqual(1);
});
