import { sql } from 'drizzle-orm';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResumoPagamentos } from '@rastro/shared/schemas/pagamentos';
import { consultar } from '../../src/db/client';
import { liquidarNaTransacao } from '../../src/modules/pagamentos/cobrancas-service';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { somarDias } from '../../src/modules/pagamentos/periodos';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

const PIX = { PIX_CHAVE: 'pagamentos@rastro.test', PIX_RECEBEDOR_NOME: 'Rastro Pets Ltda', PIX_RECEBEDOR_CIDADE: 'São Paulo' };
const RECEBEDOR = { chave: PIX.PIX_CHAVE, nome: PIX.PIX_RECEBEDOR_NOME, cidade: PIX.PIX_RECEBEDOR_CIDADE };

interface Assinatura {
  id: number;
  usuarioRastreadorId: number | null;
  situacao: string;
  pagoAte: string | null;
  cancelarNoFim: boolean;
  papel: string;
}
interface Pagamento {
  id: number;
  assinaturaId: number;
  pet: string;
  valorCentavos: number;
  vencimento: string;
  situacao: string;
  pixCopiaECola: string | null;
  pagoEm: string | null;
  txid: string;
}

let app: TestApp;
let admin: Record<string, string>;
let dono: { id: number; email: string; h: Record<string, string> };
let guardiao: { id: number; h: Record<string, string> };
let estranho: Record<string, string>;
let vinculoId: number;
let planoId: number;
let imeiSeq = 0;

const pedir = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: Record<string, unknown>) =>
  payload === undefined ? app.inject({ method, url, headers }) : app.inject({ method, url, headers, payload });

async function novoPet(usuarioId: number, nome: string) {
  imeiSeq += 1;
  const rastreadorId = await registrarRastreador(app, admin, `86${String(Date.now()).slice(-9)}${String(imeiSeq).padStart(4, '0')}`);
  await vincular(app, usuarioId, rastreadorId, nome);
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  if (!v) throw new Error('vínculo');
  return v.id;
}

const meusPagamentos = async (h: Record<string, string>) =>
  (await pedir('GET', '/api/usuarios/pagamentos?size=50', h)).json<{ content: Pagamento[]; totalElements: number }>();
const suspensoDesde = async (id: number) =>
  (await consultar<{ s: Date | null }>(app.database.db, sql`select suspenso_desde as s from v_vinculos where id = ${id}`))[0]?.s ?? null;
const rodada = (hoje: string) => rodadaDeCobranca(app, RECEBEDOR, hoje, 10);
const emailsPara = (email: string) =>
  contar(app, 'email_fila', sql`destinatario = ${email} and assunto like 'Rastro — pagamento recebido%'`);

beforeAll(async () => {
  app = await criarApp(PIX);
  admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONA ANA');
  dono = { id: d.id, email: d.email, h: bearer(d.token) };
  const g = await criarCliente(app, 'GUARDIÃO GIL');
  guardiao = { id: g.id, h: bearer(g.token) };
  estranho = bearer((await criarCliente(app)).token);
  vinculoId = await novoPet(dono.id, 'THOR');
  await app.database.db.execute(
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
        values (${vinculoId}, 'gil@rastro.test', ${guardiao.id}, ${'x'.repeat(64)}, now() + interval '1 day', now())`,
  );
  planoId = (await pedir('POST', '/api/planos', admin, { nome: 'Mensal', valorCentavos: 2990, periodo: 'MENSAL', diasCarencia: 7 })).json<{
    id: number;
  }>().id;
});
afterAll(async () => {
  await app.fechar();
});

describe('subscriptions and charges with a static Pix code (only PIX_CHAVE)', () => {
  let assinatura: Assinatura;
  let primeira: Pagamento;

  it('the owner subscribes a pet: the first charge is due today with a code any bank app reads', async () => {
    const r = await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: vinculoId, planoId, forma: 'PIX' });
    expect(r.statusCode).toBe(201);
    assinatura = r.json<Assinatura>();
    expect(r.json()).toMatchObject({
      usuarioRastreadorId: vinculoId,
      pet: 'THOR',
      planoId,
      plano: 'Mensal',
      valorCentavos: 2990,
      periodo: 'MENSAL',
      forma: 'PIX',
      situacao: 'ATIVA',
      pagoAte: null,
      cancelarNoFim: false,
      papel: 'DONO',
    });
    const { content } = await meusPagamentos(dono.h);
    expect(content).toHaveLength(1);
    primeira = content[0] as Pagamento;
    expect(primeira).toMatchObject({ assinaturaId: assinatura.id, pet: 'THOR', valorCentavos: 2990, situacao: 'PENDENTE', pagoEm: null });
    expect(primeira.vencimento).toBe((assinatura as unknown as { inicio: string }).inicio);
    const lido = parsePix(primeira.pixCopiaECola ?? '');
    if (hasError(lido) || lido.type !== 'STATIC') throw new Error('código Pix ilegível');
    expect(lido).toMatchObject({
      pixKey: PIX.PIX_CHAVE,
      transactionAmount: 29.9,
      txid: primeira.txid,
      merchantName: 'RASTRO PETS LTDA',
      merchantCity: 'SAO PAULO',
    });
  });

  it('one subscription per pet; a guardian sees it and changes nothing; anyone else does not see the pet', async () => {
    const de_novo = await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: vinculoId, planoId, forma: 'PIX' });
    expect([de_novo.statusCode, de_novo.json<{ message: string }>().message]).toEqual([409, 'Este pet já tem uma assinatura.']);

    const doGuardiao = (await pedir('GET', '/api/usuarios/assinaturas', guardiao.h)).json<Assinatura[]>();
    expect(doGuardiao.map((a) => [a.id, a.papel, a.situacao])).toEqual([[assinatura.id, 'GUARDIAO', 'ATIVA']]);
    const tentou = await pedir('POST', '/api/usuarios/assinaturas', guardiao.h, { usuarioRastreadorId: vinculoId, planoId, forma: 'PIX' });
    expect([tentou.statusCode, tentou.json<{ message: string }>().message]).toEqual([403, 'Só o dono do rastreador pode fazer isso.']);
    expect((await pedir('DELETE', `/api/usuarios/assinaturas/${assinatura.id}`, guardiao.h)).statusCode).toBe(403);
    expect((await meusPagamentos(guardiao.h)).totalElements).toBe(0);

    expect(
      (await pedir('POST', '/api/usuarios/assinaturas', estranho, { usuarioRastreadorId: vinculoId, planoId, forma: 'PIX' })).statusCode,
    ).toBe(404);
    expect((await pedir('DELETE', `/api/usuarios/assinaturas/${assinatura.id}`, estranho)).statusCode).toBe(404);
    expect((await pedir('GET', '/api/usuarios/assinaturas', estranho)).json()).toEqual([]);
  });

  it('refuses an inactive plan, Pix Automático without a PSP, and a body that is not a subscription', async () => {
    const outro = await novoPet(dono.id, 'LUNA');
    const inativo = (await pedir('POST', '/api/planos', admin, { nome: 'Velho', valorCentavos: 1990, periodo: 'MENSAL' })).json<{
      id: number;
    }>().id;
    await pedir('DELETE', `/api/planos/${inativo}`, admin);
    const r = await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: outro, planoId: inativo, forma: 'PIX' });
    expect([r.statusCode, r.json<{ errors: unknown }>().errors]).toEqual([
      400,
      [{ campo: 'planoId', message: 'Este plano não está mais disponível.' }],
    ]);
    const auto = await pedir('POST', '/api/usuarios/assinaturas', dono.h, {
      usuarioRastreadorId: outro,
      planoId,
      forma: 'PIX_AUTOMATICO',
      contaPagador: { ispb: '60746948', conta: '12345' },
    });
    expect(auto.json<{ errors: unknown }>().errors).toEqual([
      { campo: 'forma', message: 'O Pix Automático ainda não está disponível. Escolha Pix.' },
    ]);
    const ruim = await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: 'x', planoId: -1, forma: 'BOLETO' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<{ errors: { campo: string }[] }>().errors.map((e) => e.campo)).toEqual(['usuarioRastreadorId', 'planoId', 'forma']);
  });

  it('an administrator finds the charge by user and situation, with totals, and settles it by hand once (audited, receipt by e-mail)', async () => {
    const lista = await pedir('GET', '/api/pagamentos?usuario=dona ana&situacao=PENDENTE', admin);
    expect(lista.statusCode).toBe(200);
    const page = lista.json<{ content: { id: number; usuarioNome: string }[]; totais: Record<string, number> }>();
    expect(page.content.map((c) => [c.id, c.usuarioNome])).toEqual([[primeira.id, 'DONA ANA']]);
    expect(page.totais).toEqual({ pendenteCentavos: 2990, pagoCentavos: 0, vencidoCentavos: 0 });
    expect((await pedir('GET', '/api/pagamentos', dono.h)).statusCode).toBe(403);
    expect((await pedir('POST', `/api/pagamentos/${primeira.id}/baixa`, dono.h, { observacao: 'eu mesmo' })).statusCode).toBe(403);

    const semMotivo = await pedir('POST', `/api/pagamentos/${primeira.id}/baixa`, admin, { observacao: '' });
    expect(semMotivo.json<{ errors: unknown }>().errors).toEqual([{ campo: 'observacao', message: 'Campo obrigatório.' }]);
    const baixa = await pedir('POST', `/api/pagamentos/${primeira.id}/baixa`, admin, { observacao: 'Pix conferido no extrato do banco' });
    expect(baixa.statusCode).toBe(200);
    expect(baixa.json()).toMatchObject({
      id: primeira.id,
      situacao: 'PAGO',
      baixaManual: true,
      baixaObservacao: 'Pix conferido no extrato do banco',
      pixCopiaECola: null,
    });
    const de_novo = await pedir('POST', `/api/pagamentos/${primeira.id}/baixa`, admin, { observacao: 'de novo' });
    expect([de_novo.statusCode, de_novo.json<{ message: string }>().message]).toEqual([409, 'Esta cobrança já foi paga.']);
    expect((await pedir('POST', '/api/pagamentos/999999/baixa', admin, { observacao: 'x' })).statusCode).toBe(404);

    const [auditoria] = await consultar<{ detalhe: { observacao: string; cobrancaId: number } }>(
      app.database.db,
      sql`select detalhe from auditoria where acao = 'PAGAMENTO_BAIXA_MANUAL'`,
    );
    expect(auditoria?.detalhe).toMatchObject({ cobrancaId: primeira.id, observacao: 'Pix conferido no extrato do banco' });
    expect(await emailsPara(dono.email)).toBe(1);
    const a = (await pedir('GET', '/api/usuarios/assinaturas', dono.h)).json<Assinatura[]>().find((x) => x.id === assinatura.id);
    const [c] = await consultar<{ fim: string }>(
      app.database.db,
      sql`select periodo_fim::text as fim from cobrancas where id = ${primeira.id}`,
    );
    expect(a?.pagoAte).toBe(c?.fim);
  });

  it('the round creates the next charge once, within the lead time; past the grace days the pet is suspended, and paying restores it', async () => {
    const [c] = await consultar<{ fim: string }>(
      app.database.db,
      sql`select periodo_fim::text as fim from cobrancas where id = ${primeira.id}`,
    );
    const fim = c?.fim ?? '';
    expect((await rodada(somarDias(fim, -11))).criadas).toBe(0);
    expect((await rodada(somarDias(fim, -9))).criadas).toBe(1);
    expect((await rodada(somarDias(fim, -9))).criadas).toBe(0);
    const segunda = (await meusPagamentos(dono.h)).content.find((p) => p.id !== primeira.id);
    expect(segunda).toMatchObject({ vencimento: somarDias(fim, 1), situacao: 'PENDENTE', valorCentavos: 2990 });
    expect(segunda?.txid).not.toBe(primeira.txid);

    // Due the day after `fim`; overdue from the day after; suspended once the 7 grace days are over.
    expect(await rodada(somarDias(fim, 2))).toMatchObject({ vencidas: 1, suspensas: 0 });
    expect((await rodada(somarDias(fim, 8))).suspensas).toBe(0);
    expect(await suspensoDesde(vinculoId)).toBeNull();
    expect((await rodada(somarDias(fim, 9))).suspensas).toBe(1);
    expect((await rodada(somarDias(fim, 9))).suspensas).toBe(0);
    expect(await suspensoDesde(vinculoId)).not.toBeNull();
    expect((await pedir('GET', '/api/usuarios/assinaturas', guardiao.h)).json<Assinatura[]>()[0]?.situacao).toBe('SUSPENSA');

    const pago = await app.database.db.transaction((tx) =>
      liquidarNaTransacao(app, tx, {
        cobrancaId: segunda?.id ?? 0,
        valorPagoCentavos: 2990,
        pagoEm: new Date(),
        endToEndId: 'E12345678202611281200abcdefghijk',
      }),
    );
    expect(pago).toBe('PAGA');
    expect(await suspensoDesde(vinculoId)).toBeNull();
    expect(
      (await pedir('GET', '/api/usuarios/assinaturas', dono.h)).json<Assinatura[]>().find((a) => a.id === assinatura.id)?.situacao,
    ).toBe('ATIVA');
  });

  it('settles once per Pix: a repeated callback changes nothing; a different amount is recorded and flagged, not accepted', async () => {
    const [c] = await consultar<{ fim: string }>(
      app.database.db,
      sql`select max(periodo_fim)::text as fim from cobrancas where assinatura_id = ${assinatura.id}`,
    );
    expect((await rodada(somarDias(c?.fim ?? '', -5))).criadas).toBe(1);
    const terceira = (await meusPagamentos(dono.h)).content.find((p) => p.situacao === 'PENDENTE');
    if (!terceira) throw new Error('sem terceira cobrança');
    const liquidar = (valor: number, e2e: string) =>
      app.database.db.transaction((tx) =>
        liquidarNaTransacao(app, tx, { cobrancaId: terceira.id, valorPagoCentavos: valor, pagoEm: new Date(), endToEndId: e2e }),
      );
    const recibos = await emailsPara(dono.email);
    expect(await liquidar(2900, 'E00000000202611281200divergente0')).toBe('DIVERGENTE');
    const admin1 = (await pedir('GET', '/api/pagamentos?situacao=PENDENTE&usuario=dona', admin)).json<{
      content: { id: number; divergente: boolean; valorPagoCentavos: number | null }[];
    }>();
    expect(admin1.content.find((x) => x.id === terceira.id)).toMatchObject({ divergente: true, valorPagoCentavos: 2900 });
    expect(await liquidar(2990, 'E00000000202611281201certo000000')).toBe('PAGA');
    expect(await liquidar(2990, 'E00000000202611281201certo000000')).toBe('JA_PAGA');
    expect(await emailsPara(dono.email)).toBe(recibos + 1);
  });

  it('cancelling keeps what was paid until its end, cancels the open charges, then the round closes it', async () => {
    const r = await pedir('DELETE', `/api/usuarios/assinaturas/${assinatura.id}`, dono.h);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ situacao: 'ATIVA', cancelarNoFim: true });
    const pagoAte = r.json<Assinatura>().pagoAte ?? '';
    expect((await rodada(pagoAte)).encerradas).toBe(0);
    expect((await rodada(somarDias(pagoAte, 1))).encerradas).toBe(1);
    expect(
      (await pedir('GET', '/api/usuarios/assinaturas', dono.h)).json<Assinatura[]>().find((a) => a.id === assinatura.id)?.situacao,
    ).toBe('CANCELADA');
    expect((await pedir('DELETE', `/api/usuarios/assinaturas/${assinatura.id}`, dono.h)).statusCode).toBe(409);
    const depois = await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: vinculoId, planoId, forma: 'PIX' });
    expect(depois.statusCode).toBe(201);
  });
  it('the dashboard sums what is open, received in the period and overdue, and the monthly recurring revenue', async () => {
    const resumo = async (q = '') => (await pedir('GET', `/api/relatorios/pagamentos${q}`, admin)).json<ResumoPagamentos>();
    const antes = await resumo();
    const vinculo = await novoPet(dono.id, 'FIGO');
    const anual = (
      await pedir('POST', '/api/planos', admin, { nome: 'Anual', valorCentavos: 30000, periodo: 'ANUAL', diasCarencia: 7 })
    ).json<{ id: number }>().id;
    const a = (
      await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: vinculo, planoId: anual, forma: 'PIX' })
    ).json<Assinatura>();
    const depois = await resumo();
    // A yearly R$ 300,00 is R$ 25,00 a month; its first charge is open.
    expect(depois.receitaMensalCentavos - antes.receitaMensalCentavos).toBe(2500);
    expect(depois.aReceberCentavos - antes.aReceberCentavos).toBe(30000);
    expect(depois.assinaturasAtivas - antes.assinaturasAtivas).toBe(1);

    const c = (await meusPagamentos(dono.h)).content.find((x) => x.assinaturaId === a.id);
    expect((await pedir('POST', `/api/pagamentos/${c?.id}/baixa`, admin, { observacao: 'Conferido' })).statusCode).toBe(200);
    const pago = await resumo();
    expect(pago.recebidoCentavos - depois.recebidoCentavos).toBe(30000);
    expect(pago.aReceberCentavos - depois.aReceberCentavos).toBe(-30000);
    // A period that ended before the payment received nothing of it.
    expect((await resumo('?dataInicial=2020-01-01&dataFinal=2020-01-31')).recebidoCentavos).toBe(0);
    expect((await pedir('GET', '/api/relatorios/pagamentos', dono.h)).statusCode).toBe(403);
  });

  it('once its pet’s link is gone, a guardian no longer sees the subscription (nor cancels it); its owner still does', async () => {
    const vinculo = await novoPet(dono.id, 'MEL');
    await app.database.db.execute(
      sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
          values (${vinculo}, 'gil@rastro.test', ${guardiao.id}, ${'m'.repeat(64)}, now() + interval '1 day', now())`,
    );
    const a = (
      await pedir('POST', '/api/usuarios/assinaturas', dono.h, { usuarioRastreadorId: vinculo, planoId, forma: 'PIX' })
    ).json<Assinatura>();
    const doGuardiao = async () => (await pedir('GET', '/api/usuarios/assinaturas', guardiao.h)).json<Assinatura[]>().map((x) => x.id);
    expect(await doGuardiao()).toContain(a.id);

    await app.database.db.execute(sql`delete from guardioes where usuario_rastreador_id = ${vinculo}`);
    await app.database.db.execute(sql`delete from usuario_rastreadores where id = ${vinculo}`);
    expect(await doGuardiao()).not.toContain(a.id);
    expect((await pedir('DELETE', `/api/usuarios/assinaturas/${a.id}`, guardiao.h)).statusCode).toBe(404);
    const doDono = (await pedir('GET', '/api/usuarios/assinaturas', dono.h)).json<Assinatura[]>().find((x) => x.id === a.id);
    expect(doDono?.usuarioRastreadorId).toBeNull();
  });
});

describe('without a Pix receiver', () => {
  it('payments are off: subscribing says so and nothing is stored', async () => {
    const semPix = await criarApp();
    try {
      const h = bearer(await entrar(semPix));
      const d = await criarCliente(semPix);
      const plano = (
        await semPix.inject({
          method: 'POST',
          url: '/api/planos',
          headers: h,
          payload: { nome: 'M', valorCentavos: 990, periodo: 'MENSAL' },
        })
      ).json<{
        id: number;
      }>().id;
      const r = await semPix.inject({
        method: 'POST',
        url: '/api/usuarios/assinaturas',
        headers: bearer(d.token),
        payload: { usuarioRastreadorId: 1, planoId: plano, forma: 'PIX' },
      });
      expect([r.statusCode, r.json<{ message: string }>().message]).toEqual([409, 'Os pagamentos ainda não estão disponíveis.']);
      expect(await contar(semPix, 'assinaturas')).toBe(0);
    } finally {
      await semPix.fechar();
    }
  });
});
