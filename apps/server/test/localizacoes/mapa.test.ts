import { sql } from 'drizzle-orm';
import { MSG, periodoMaximo } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import type { Localizacao } from '@rastro/shared/schemas/localizacoes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador } from '../apoio/fixtures';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

let app: TestApp;
let admin: Record<string, string>;
let ana: Record<string, string>;
let bia: Record<string, string>;
let rastreador = 0;
let vinculo = 0;
const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

async function inserirPosicao(minuto: number, lat: number, lng: number, tipo = 'GPS') {
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, precisao) values (${rastreador}, ${tipo}, ${new Date(T0 + minuto * 60_000).toISOString()}::timestamptz, ${lat}, ${lng}, 3.5, ${tipo === 'GPS' ? null : 40})`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
}

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  ana = bearer((await criarCliente(app, 'ANA')).token);
  bia = bearer((await criarCliente(app, 'BIA')).token);
  rastreador = await registrarRastreador(app, admin, '359339080000201');
  vinculo = (
    await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana,
      payload: { imei: '359339080000201', descricao: 'Thor & <Cia>', intervaloLocalizacao: 1, periUltraEconBateria: 60 },
    })
  ).json<{ id: number }>().id;
  for (let m = 0; m < 30; m++) await inserirPosicao(m, -23.56 + m * 0.001, -46.65 - m * 0.001);
  // Scans: a WI-FI one without a resolved position and a resolved cell.
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, mac_address, nivel_sinal) values (${rastreador}, 'WIFI', ${new Date(T0 + 31 * 60_000).toISOString()}::timestamptz, 'a4:39:b3:73:81:3c', -60)`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, precisao, codigo_pais, rede, codigo_area, identificador_torre, nivel_sinal) values (${rastreador}, 'LBS', ${new Date(T0 + 32 * 60_000).toISOString()}::timestamptz, -23.6, -46.7, 900, 724, 5, 1234, 5678, 50)`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
  await app.database.db.execute(
    sql`insert into baterias (rastreador_id, bateria, nivel_sinal, data_cadastro) values (${rastreador}, 90, 70, now() - interval '1 hour'), (${rastreador}, 85, 60, now())`,
  );
  await app.database.db.execute(sql`update rastreadores set bateria = 85 where id = ${rastreador}`);
});
afterAll(() => app.fechar());

const mapa = (q: string, h = ana) => app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/ultimas-localizacoes?${q}`, headers: h });

describe('the map', () => {
  it('ATUAL: the latest position of each of my trackers, with what the info window shows', async () => {
    const res = await mapa('tipoVisualizacao=ATUAL');
    expect(res.statusCode).toBe(200);
    expect(res.json<Marcador[]>()).toEqual([
      {
        id: vinculo,
        rastreadorId: rastreador,
        usuarioRastreadorId: vinculo,
        name: 'Thor & <Cia>',
        position: { lat: -23.6, lng: -46.7 },
        bateria: 85,
        situacaoEnergia: 'LIGADO',
        situacaoEnergiaDescricao: 'Ligado',
        desligar: true,
        dataHora: new Date(T0 + 32 * 60_000).toISOString(),
        tipo: 'LBS',
        precisao: 900,
        velocidade: null,
        foraDeZonas: [],
        dentroDeZonas: [],
        compartilhadoPor: null,
        modoPerdido: null,
        foto: null,
      },
    ]);
    expect((await mapa('tipoVisualizacao=ATUAL', bia)).json()).toEqual([]);
    expect((await mapa(`tipoVisualizacao=ATUAL&usuarioRastreadorId=${vinculo}`, bia)).statusCode).toBe(404);
  });

  it('HISTORICO: the route of a period in time order, only for the owner', async () => {
    const de = new Date(T0 + 10 * 60_000).toISOString();
    const ate = new Date(T0 + 19 * 60_000).toISOString();
    const q = `tipoVisualizacao=HISTORICO&usuarioRastreadorId=${vinculo}&dataInicial=${encodeURIComponent(de)}&dataFinal=${encodeURIComponent(ate)}`;
    const pontos = (await mapa(q)).json<Marcador[]>();
    expect(pontos).toHaveLength(10);
    expect(pontos.map((p) => p.dataHora)).toEqual([...pontos.map((p) => p.dataHora)].sort());
    expect(pontos[0]?.position.lat).toBeCloseTo(-23.55, 6);
    expect((await mapa(q, bia)).statusCode).toBe(404);
  });

  it('validates the history filters in Portuguese', async () => {
    const faltando = await mapa('tipoVisualizacao=HISTORICO');
    expect(faltando.statusCode).toBe(400);
    expect(faltando.json<{ errors: { campo: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        { campo: 'usuarioRastreadorId', message: MSG.campoObrigatorio },
        { campo: 'dataInicial', message: MSG.campoObrigatorio },
      ]),
    );
    const longo = await mapa(
      `tipoVisualizacao=HISTORICO&usuarioRastreadorId=${vinculo}&dataInicial=2026-11-01T00:00:00-03:00&dataFinal=2026-11-20T00:00:00-03:00`,
    );
    expect(longo.json()).toMatchObject({ status: 400, errors: [{ campo: 'dataFinal', message: periodoMaximo(7) }] });
    expect((await mapa('tipoVisualizacao=QUALQUER')).statusCode).toBe(400);
  });
});

describe('locations, batteries and export', () => {
  it('lists positions and scans by type, newest first, for the owner and PER100 only', async () => {
    const gps = (
      await app.inject({ method: 'GET', url: `/api/localizacoes?rastreadorId=${rastreador}&tipoLocalizacao=GPS&size=5`, headers: ana })
    ).json<{ content: Localizacao[]; totalElements: number }>();
    expect(gps.totalElements).toBe(30);
    expect(gps.content[0]?.dataHora).toBe(new Date(T0 + 29 * 60_000).toISOString());
    const lbs = (
      await app.inject({ method: 'GET', url: `/api/localizacoes?rastreadorId=${rastreador}&tipoLocalizacao=LBS`, headers: admin })
    ).json<{ content: Localizacao[] }>();
    expect(lbs.content[0]).toMatchObject({
      codigoPais: 724,
      rede: 5,
      redeDescricao: 'Claro',
      codigoArea: 1234,
      identificadorTorre: 5678,
      nivelSinal: 50,
    });
    const wifi = (
      await app.inject({ method: 'GET', url: `/api/localizacoes?rastreadorId=${rastreador}&tipoLocalizacao=WIFI`, headers: ana })
    ).json<{ content: Localizacao[] }>();
    expect(wifi.content[0]).toMatchObject({ macAddress: 'a4:39:b3:73:81:3c', nivelSinal: -60, latitude: null });
    expect((await app.inject({ method: 'GET', url: `/api/localizacoes?rastreadorId=${rastreador}`, headers: bia })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/localizacoes?rastreadorId=999999`, headers: admin })).statusCode).toBe(404);
    const semId = await app.inject({ method: 'GET', url: '/api/localizacoes', headers: ana });
    expect(semId.json()).toMatchObject({ status: 400, errors: [{ campo: 'rastreadorId', message: MSG.campoObrigatorio }] });
  });

  it('lists the battery history newest first', async () => {
    const b = (await app.inject({ method: 'GET', url: `/api/baterias?rastreadorId=${rastreador}`, headers: ana })).json<{
      content: { bateria: number; nivelSinal: number }[];
    }>();
    expect(b.content.map((x) => x.bateria)).toEqual([85, 90]);
    expect((await app.inject({ method: 'GET', url: `/api/baterias?rastreadorId=${rastreador}`, headers: bia })).statusCode).toBe(404);
  });

  it('exports a period as GPX, KML and CSV files', async () => {
    const q = (formato: string) =>
      `/api/localizacoes/exportar?rastreadorId=${rastreador}&dataInicial=${encodeURIComponent(new Date(T0).toISOString())}&dataFinal=${encodeURIComponent(new Date(T0 + 4 * 60_000).toISOString())}&formato=${formato}`;
    const gpx = await app.inject({ method: 'GET', url: q('gpx'), headers: ana });
    expect(gpx.statusCode).toBe(200);
    expect(gpx.headers['content-type']).toContain('application/gpx+xml');
    expect(gpx.headers['content-disposition']).toBe('attachment; filename="historico-thor-cia-2026-11-21.gpx"');
    expect(gpx.body.match(/<trkpt /g)).toHaveLength(5);
    expect(gpx.body).toContain('<name>Thor &amp; &lt;Cia&gt;</name>');
    const kml = await app.inject({ method: 'GET', url: q('kml'), headers: ana });
    expect(kml.headers['content-type']).toContain('kml');
    expect(kml.body).toContain('<coordinates>-46.65,-23.56,0 ');
    const csv = await app.inject({ method: 'GET', url: q('csv'), headers: ana });
    expect(csv.body.trim().split('\n')).toHaveLength(6);
    expect(csv.body.split('\n')[0]).toBe('rastreador,data_hora,latitude,longitude,tipo,velocidade_kmh,precisao_m');
    expect((await app.inject({ method: 'GET', url: q('gpx'), headers: bia })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: q('pdf'), headers: ana })).statusCode).toBe(400);
  });
});

describe('notifications', () => {
  it('lists my notifications newest first, counts and marks them read', async () => {
    const dono = (await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${vinculo}`, headers: ana })).json<{
      rastreadorId: number;
    }>();
    await app.database.db.execute(
      sql`insert into notificacoes (usuario_id, rastreador_id, descricao, data_cadastro) select usuario_id, ${dono.rastreadorId}, d, now() - (n || ' minutes')::interval from usuario_rastreadores, (values ('Alerta antigo', 10), ('Alerta novo', 1)) v(d, n) where id = ${vinculo}`,
    );
    const lista = (await app.inject({ method: 'GET', url: '/api/notificacoes', headers: ana })).json<{
      content: { descricao: string; lida: boolean }[];
    }>();
    expect(lista.content.map((n) => n.descricao)).toEqual(['Alerta novo', 'Alerta antigo']);
    expect((await app.inject({ method: 'GET', url: '/api/notificacoes/nao-lidas', headers: ana })).json()).toEqual({ total: 2 });
    expect((await app.inject({ method: 'GET', url: '/api/notificacoes/nao-lidas', headers: bia })).json()).toEqual({ total: 0 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/notificacoes', headers: bia })).json<{ totalElements: number }>().totalElements,
    ).toBe(0);
    expect((await app.inject({ method: 'PUT', url: '/api/notificacoes/lidas', headers: ana })).json()).toEqual({ total: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/notificacoes/nao-lidas', headers: ana })).json()).toEqual({ total: 0 });
  });
});
