import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { somarDias } from '../../src/modules/pagamentos/periodos';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

const PIX = { PIX_CHAVE: '+5541999990000', PIX_RECEBEDOR_NOME: 'Rastro', PIX_RECEBEDOR_CIDADE: 'Curitiba' };
const RECEBEDOR = { chave: PIX.PIX_CHAVE, nome: PIX.PIX_RECEBEDOR_NOME, cidade: PIX.PIX_RECEBEDOR_CIDADE };

let app: TestApp;
let dono: { id: number; email: string };
let fim = '';

const notificacoes = () =>
  consultar<{ descricao: string; rastreadorId: number | null }>(
    app.database.db,
    sql`select descricao, rastreador_id as "rastreadorId" from notificacoes where usuario_id = ${dono.id} order by id`,
  );
const assuntos = async () =>
  (
    await consultar<{ assunto: string }>(
      app.database.db,
      sql`select assunto from email_fila where destinatario = ${dono.email} order by id`,
    )
  ).map((e) => e.assunto);
const rodada = (hoje: string) => rodadaDeCobranca(app, RECEBEDOR, hoje, 10);

beforeAll(async () => {
  app = await criarApp(PIX);
  const admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONO DECO');
  dono = { id: d.id, email: d.email };
  const rastreadorId = await registrarRastreador(app, admin, '359339080000888');
  await vincular(app, d.id, rastreadorId, 'BIDU');
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  const plano = (
    await app.inject({
      method: 'POST',
      url: '/api/planos',
      headers: admin,
      payload: { nome: 'Mensal', valorCentavos: 2490, periodo: 'MENSAL' },
    })
  ).json<{ id: number }>().id;
  await app.inject({
    method: 'POST',
    url: '/api/usuarios/assinaturas',
    headers: bearer(d.token),
    payload: { usuarioRastreadorId: v?.id, planoId: plano, forma: 'PIX' },
  });
  await app.database.db.execute(sql`update cobrancas set situacao = 'PAGO', pago_em = now()`);
  const [c] = await consultar<{ fim: string }>(app.database.db, sql`select periodo_fim::text as fim from cobrancas`);
  fim = c?.fim ?? '';
});
afterAll(async () => {
  await app.fechar();
});

describe('reminders of a charge falling due', () => {
  it('none for the first charge (paid on the spot); one 3 days before and one on the day, each once, as a notification (its push goes with it: notificarComPush) and an e-mail', async () => {
    const vencimento = somarDias(fim, 1);
    const [a, m, d] = vencimento.split('-');
    expect((await rodada(somarDias(vencimento, -10))).criadas).toBe(1);
    expect((await rodada(somarDias(vencimento, -4))).lembretes).toBe(0);
    expect((await rodada(somarDias(vencimento, -3))).lembretes).toBe(1);
    expect((await rodada(somarDias(vencimento, -2))).lembretes).toBe(0);
    expect((await rodada(vencimento)).lembretes).toBe(1);
    expect((await rodada(vencimento)).lembretes).toBe(0);

    const lista = await notificacoes();
    expect(lista.map((n) => n.descricao)).toEqual([
      `A assinatura de BIDU (R$ 24,90) vence em ${d}/${m}/${a}. Pague com Pix em Meus Pagamentos.`,
      'A assinatura de BIDU (R$ 24,90) vence hoje. Pague com Pix em Meus Pagamentos.',
    ]);
    expect(lista.every((n) => n.rastreadorId !== null)).toBe(true);
    expect(await assuntos()).toEqual([`Rastro — assinatura de BIDU vence em ${d}/${m}/${a}`, 'Rastro — assinatura de BIDU vence hoje']);
  });
});
