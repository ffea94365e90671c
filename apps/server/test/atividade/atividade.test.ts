import { sql } from 'drizzle-orm';
import type { AtividadeDia, MetaAtividade } from '@rastro/shared/schemas/atividade';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { AgregadorDeAtividade, OPCOES_ATIVIDADE_PADRAO } from '../../src/modules/atividade/agregador';
import { Calendario } from '../../src/modules/atividade/calendario';
import { notificarComPush } from '../../src/modules/push/service';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';

/**
 * Daily activity over the API: the period's rules, anyone else's tracker, the daily goal and its
 * one notification a day. Positions go through the aggregator the gateway uses (the TCP path is
 * in atividade-gateway.test.ts).
 */
/** As gateway/servicos.ts composes it: the goal's notification, with its push. */

let app: TestApp;
let ana: { id: number; h: Record<string, string> };
let bia: { id: number; h: Record<string, string> };
let thor: { vinculo: number; rastreadorId: number };
let agregador: AgregadorDeAtividade;
const SP = new Calendario('America/Sao_Paulo');
const hoje = () => SP.dia(Date.now()).dia;

const CASA = { latitude: -23.5614, longitude: -46.6559 };
const M_LAT = 1 / 111_320;

async function pet(usuarioId: number, imei: string, nome: string) {
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, usuarioId, rastreadorId, nome);
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  return { vinculo: v?.id ?? 0, rastreadorId };
}

/** Device time of the next fix: increasing, today in São Paulo. */
let relogio = Math.max(SP.dia(Date.now()).inicio + 1000, Date.now() - 2 * 3_600_000);

/** `metros` north of home (from `partida`) at 6 km/h, a fix every 10 s. */
async function caminhar(rastreadorId: number, metros: number, partida = 0) {
  const segundos = Math.round(metros / (6 / 3.6));
  const inicio = (relogio += 10_000);
  for (let s = 0; s <= segundos; s += 10) {
    const norte = partida + (metros * Math.min(s, segundos)) / segundos;
    agregador.gps(rastreadorId, {
      dataHora: new Date(inicio + s * 1000),
      latitude: CASA.latitude + norte * M_LAT,
      longitude: CASA.longitude,
    });
  }
  relogio = inicio + segundos * 1000;
  await agregador.ocioso();
}

beforeAll(async () => {
  app = await criarApp();
  const a = await criarCliente(app, 'ANA');
  const b = await criarCliente(app, 'BIA');
  ana = { id: a.id, h: bearer(a.token) };
  bia = { id: b.id, h: bearer(b.token) };
  thor = await pet(ana.id, '359339080100011', 'THOR');
  agregador = new AgregadorDeAtividade(app.database.db, app.log, notificarComPush, () => undefined, OPCOES_ATIVIDADE_PADRAO);
});
afterAll(() => app.fechar());

const ler = (h: Record<string, string>, vinculo: number, dataInicial: string, dataFinal: string) =>
  app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${vinculo}/atividade`, headers: h, query: { dataInicial, dataFinal } });

describe('GET /api/usuarios/rastreadores/{id}/atividade', () => {
  it('answers every day of the period, zeros when nothing was recorded', async () => {
    const r = await ler(ana.h, thor.vinculo, '2026-02-27', '2026-03-02');
    expect(r.statusCode).toBe(200);
    expect(r.json<AtividadeDia[]>()).toEqual(
      ['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02'].map((data) => ({
        data,
        distanciaMetros: 0,
        minutosAtivos: 0,
        minutosRepouso: 0,
      })),
    );
  });

  it('accepts 92 days and refuses 93, a reversed period and a malformed date, in Portuguese', async () => {
    expect((await ler(ana.h, thor.vinculo, '2026-01-01', '2026-04-02')).json<AtividadeDia[]>()).toHaveLength(92);
    const longo = await ler(ana.h, thor.vinculo, '2026-01-01', '2026-04-03');
    expect(longo.statusCode).toBe(400);
    expect(longo.body).toContain('O período deve ter no máximo 92 dias.');
    const invertido = await ler(ana.h, thor.vinculo, '2026-03-02', '2026-03-01');
    expect(invertido.statusCode).toBe(400);
    expect(invertido.body).toContain('A data inicial deve ser anterior ou igual à data final.');
    const torta = await ler(ana.h, thor.vinculo, '2026-02-30', '2026-03-01');
    expect(torta.statusCode).toBe(400);
    expect(torta.body).toContain('Informe a data no formato AAAA-MM-DD.');
    const semData = await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.vinculo}/atividade`, headers: ana.h });
    expect(semData.statusCode).toBe(400);
  });

  it("answers 404 for someone else's tracker, and 401 without a session", async () => {
    expect((await ler(bia.h, thor.vinculo, '2026-03-01', '2026-03-02')).statusCode).toBe(404);
    expect((await ler({}, thor.vinculo, '2026-03-01', '2026-03-02')).statusCode).toBe(401);
    for (const method of ['GET', 'PUT'] as const) {
      const r = await app.inject({
        method,
        url: `/api/usuarios/rastreadores/${thor.vinculo}/meta-atividade`,
        headers: bia.h,
        ...(method === 'PUT' ? { payload: { tipo: 'METROS', valor: 1000 } } : {}),
      });
      expect(r.statusCode).toBe(404);
    }
  });

  it('reads the aggregates written as positions arrive: a 600 m walk today', async () => {
    const rex = await pet(ana.id, '359339080100029', 'REX');
    await caminhar(rex.rastreadorId, 600);
    const [dia] = (await ler(ana.h, rex.vinculo, hoje(), hoje())).json<AtividadeDia[]>();
    expect(dia?.distanciaMetros).toBeGreaterThan(560);
    expect(dia?.distanciaMetros).toBeLessThan(620);
    expect(dia?.minutosAtivos).toBe(6);
    // The state is in the database: another aggregator (instance) continues where this one stopped.
    agregador = new AgregadorDeAtividade(app.database.db, app.log, notificarComPush, () => undefined, OPCOES_ATIVIDADE_PADRAO);
    await caminhar(rex.rastreadorId, 300, 600);
    const [depois] = (await ler(ana.h, rex.vinculo, hoje(), hoje())).json<AtividadeDia[]>();
    expect(depois?.distanciaMetros).toBeGreaterThan(860);
    expect(depois?.distanciaMetros).toBeLessThan(920);
  });
});

describe('the daily goal', () => {
  const url = () => `/api/usuarios/rastreadores/${thor.vinculo}/meta-atividade`;
  const put = (payload: unknown) =>
    app.inject({ method: 'PUT', url: url(), headers: { ...ana.h, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it('is set, read and cleared; out of bounds is refused in Portuguese', async () => {
    expect((await app.inject({ method: 'GET', url: url(), headers: ana.h })).json<MetaAtividade | null>()).toBeNull();
    expect((await put({ tipo: 'MINUTOS', valor: 30 })).json<MetaAtividade>()).toEqual({ tipo: 'MINUTOS', valor: 30 });
    expect((await app.inject({ method: 'GET', url: url(), headers: ana.h })).json<MetaAtividade>()).toEqual({ tipo: 'MINUTOS', valor: 30 });
    const grande = await put({ tipo: 'MINUTOS', valor: 2000 });
    expect(grande.statusCode).toBe(400);
    expect(grande.body).toContain('Informe de 5 a 1.440 minutos.');
    const pequena = await put({ tipo: 'METROS', valor: 10 });
    expect(pequena.statusCode).toBe(400);
    expect(pequena.body).toContain('Informe de 100 a 100.000 metros.');
    expect((await put({ tipo: 'PASSOS', valor: 10 })).statusCode).toBe(400);
    const limpa = await put(null);
    expect(limpa.statusCode).toBe(200);
    expect(limpa.json<null>()).toBeNull();
    expect((await app.inject({ method: 'GET', url: url(), headers: ana.h })).json<MetaAtividade | null>()).toBeNull();
  });

  it('notifies the owner once a day when the day first reaches it', async () => {
    expect((await put({ tipo: 'METROS', valor: 2000 })).statusCode).toBe(200);
    const notificacoes = () =>
      consultar<{ usuarioId: number; descricao: string }>(
        app.database.db,
        sql`select usuario_id as "usuarioId", descricao from notificacoes where rastreador_id = ${thor.rastreadorId} order by id`,
      );
    await caminhar(thor.rastreadorId, 1500);
    expect(await notificacoes()).toEqual([]);
    await caminhar(thor.rastreadorId, 700, 1500);
    expect(await notificacoes()).toEqual([{ usuarioId: ana.id, descricao: 'THOR atingiu a meta de hoje: 2,0 km.' }]);
    await caminhar(thor.rastreadorId, 1000, 2200);
    // A new goal on the same day does not notify again.
    expect((await put({ tipo: 'METROS', valor: 3000 })).statusCode).toBe(200);
    await caminhar(thor.rastreadorId, 500, 3200);
    expect(await notificacoes()).toHaveLength(1);
  });
});
