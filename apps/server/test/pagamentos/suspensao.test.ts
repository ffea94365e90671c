import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { liquidarNaTransacao } from '../../src/modules/pagamentos/cobrancas-service';
import { hojeEm, somarDias } from '../../src/modules/pagamentos/periodos';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

const PIX = { PIX_CHAVE: '12345678000195', PIX_RECEBEDOR_NOME: 'Rastro', PIX_RECEBEDOR_CIDADE: 'Curitiba' };
const RECEBEDOR = { chave: PIX.PIX_CHAVE, nome: PIX.PIX_RECEBEDOR_NOME, cidade: PIX.PIX_RECEBEDOR_CIDADE };

let app: TestApp;
let admin: Record<string, string>;
let dono: Record<string, string>;
let guardiao: Record<string, string>;
let rastreadorId: number;
let vinculoId: number;

const get = (url: string, h: Record<string, string>) => app.inject({ method: 'GET', url, headers: h });
const nomesNoMapa = async (h: Record<string, string>) =>
  (await get('/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', h)).json<{ name: string }[]>().map((m) => m.name);
const agora = Date.now();
const historico = (h: Record<string, string>) =>
  get(
    `/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=HISTORICO&usuarioRastreadorId=${vinculoId}&dataInicial=${encodeURIComponent(new Date(agora - 3_600_000).toISOString())}&dataFinal=${encodeURIComponent(new Date(agora + 60_000).toISOString())}`,
    h,
  );

beforeAll(async () => {
  app = await criarApp(PIX);
  admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONO DUDA');
  dono = bearer(d.token);
  const g = await criarCliente(app, 'GUARDIÃ GABI');
  guardiao = bearer(g.token);
  rastreadorId = await registrarRastreador(app, admin, '359339080000777');
  await vincular(app, d.id, rastreadorId, 'PIPOCA');
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  vinculoId = v?.id ?? 0;
  await app.database.db.execute(
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
        values (${vinculoId}, 'gabi@rastro.test', ${g.id}, ${'g'.repeat(64)}, now() + interval '1 day', now())`,
  );
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values
        (${rastreadorId}, 'GPS', ${new Date(agora - 600_000).toISOString()}::timestamptz, -25.43, -49.27),
        (${rastreadorId}, 'GPS', ${new Date(agora - 60_000).toISOString()}::timestamptz, -25.44, -49.28)`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
  const plano = (
    await app.inject({
      method: 'POST',
      url: '/api/planos',
      headers: admin,
      payload: { nome: 'Mensal', valorCentavos: 1990, periodo: 'MENSAL', diasCarencia: 3 },
    })
  ).json<{ id: number }>().id;
  const r = await app.inject({
    method: 'POST',
    url: '/api/usuarios/assinaturas',
    headers: dono,
    payload: { usuarioRastreadorId: vinculoId, planoId: plano, forma: 'PIX' },
  });
  if (r.statusCode !== 201) throw new Error(r.body);
});
afterAll(async () => {
  await app.fechar();
});

describe('a suspended subscription hides the map, never at the pet’s expense', () => {
  it('after the grace days the map, the history and the detail table hide the pet; the share link, lost-pet mode and paying bring it back', async () => {
    expect(await nomesNoMapa(dono)).toEqual(['PIPOCA']);
    expect((await historico(dono)).json<unknown[]>()).toHaveLength(2);
    const link = await app.inject({
      method: 'POST',
      url: `/api/usuarios/rastreadores/${vinculoId}/links`,
      headers: dono,
      payload: { horas: 24 },
    });
    const token = link.json<{ url: string }>().url.split('/p/')[1] ?? '';

    const hoje = hojeEm(app.config.timezone);
    expect((await rodadaDeCobranca(app, RECEBEDOR, somarDias(hoje, 3), 10)).suspensas).toBe(0);
    expect((await rodadaDeCobranca(app, RECEBEDOR, somarDias(hoje, 4), 10)).suspensas).toBe(1);

    for (const h of [dono, guardiao]) {
      expect(await nomesNoMapa(h)).toEqual([]);
      const hist = await historico(h);
      expect([hist.statusCode, hist.json()]).toEqual([200, []]);
      const tabela = await get(`/api/localizacoes?rastreadorId=${rastreadorId}`, h);
      expect([tabela.statusCode, tabela.json<{ totalElements: number }>().totalElements]).toEqual([200, 0]);
    }
    // The administrator of trackers still sees what was stored; the share link still shows where the pet is.
    expect((await get(`/api/localizacoes?rastreadorId=${rastreadorId}`, admin)).json<{ totalElements: number }>().totalElements).toBe(2);
    const publico = await app.inject({ method: 'GET', url: `/api/publico/links/${token}` });
    expect(publico.statusCode).toBe(200);
    expect(publico.json()).toMatchObject({ descricao: 'PIPOCA', latitude: -25.44, longitude: -49.28 });

    // Lost: the owner sees the pet again at once.
    const perdido = await app.inject({
      method: 'PUT',
      url: `/api/usuarios/rastreadores/${vinculoId}/modo-perdido`,
      headers: dono,
      payload: { ativo: true, horas: 2 },
    });
    expect(perdido.statusCode).toBe(200);
    expect(await nomesNoMapa(dono)).toEqual(['PIPOCA']);
    await app.inject({
      method: 'PUT',
      url: `/api/usuarios/rastreadores/${vinculoId}/modo-perdido`,
      headers: dono,
      payload: { ativo: false },
    });
    expect(await nomesNoMapa(dono)).toEqual([]);

    // Paying restores everything.
    const [c] = await consultar<{ id: number }>(app.database.db, sql`select id from cobrancas where situacao = 'VENCIDO'`);
    await app.database.db.transaction((tx) =>
      liquidarNaTransacao(app, tx, { cobrancaId: c?.id ?? 0, valorPagoCentavos: 1990, pagoEm: new Date() }),
    );
    expect(await nomesNoMapa(dono)).toEqual(['PIPOCA']);
    expect(await nomesNoMapa(guardiao)).toEqual(['PIPOCA']);
    expect((await historico(dono)).json<unknown[]>()).toHaveLength(2);
  });
});
