import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { gerarCertificados } from '@rastro/psp-pix/certificados';
import { apiPixDisponivel, validarCallback, validarPedido, validarResposta } from '@rastro/psp-pix/conformidade';
import { iniciarPspPix, type PspPix } from '@rastro/psp-pix/psp';
import { envDoRastro } from '@rastro/psp-pix/rastro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { hojeEm, periodoQueContem, somarDias } from '../../src/modules/pagamentos/periodos';
import { ClientePix } from '../../src/modules/pagamentos/psp/cliente-pix';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { portaLivre } from '../apoio/net';

/**
 * Pix Automático (issue #35) against the stand-in PSP over real HTTPS with mutual TLS: the owner
 * subscribes giving their bank account, the recurrence and its confirmation request go to the PSP,
 * the owner approves in the bank app, the next period's charge is scheduled and debited (settled
 * once), a refused debit becomes a charge with a code, a refusal or a lost notification is handled,
 * and cancelling withdraws the recurrence. Every exchange is checked against the API Pix 2.9.0.
 */
const certificados = gerarCertificados();
const SEGREDO = 'segredo-do-webhook-automatico-0123456789abcdef';
const CONTA = { ispb: '60746948', agencia: '1234', conta: '567890' };
let psp: PspPix;
let app: TestApp;
let admin: Record<string, string>;
let dono: { id: number; h: Record<string, string> };
let planoId = 0;
let seq = 0;

interface Assinatura {
  id: number;
  autorizacao: string | null;
}
interface Cobranca {
  id: number;
  assinaturaId: number;
  txid: string;
  situacao: string;
  vencimento: string;
  pixCopiaECola: string | null;
  debitoAutomatico: boolean;
}

async function novoPet(nome: string) {
  seq += 1;
  const rastreadorId = await registrarRastreador(app, admin, `87${String(Date.now()).slice(-9)}${String(seq).padStart(4, '0')}`);
  await vincular(app, dono.id, rastreadorId, nome);
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  return v?.id ?? 0;
}

const assinar = (usuarioRastreadorId: number, extra: Record<string, unknown> = { forma: 'PIX_AUTOMATICO', contaPagador: CONTA }) =>
  app.inject({ method: 'POST', url: '/api/usuarios/assinaturas', headers: dono.h, payload: { usuarioRastreadorId, planoId, ...extra } });

const assinatura = async (id: number) =>
  (await app.inject({ method: 'GET', url: '/api/usuarios/assinaturas', headers: dono.h })).json<Assinatura[]>().find((a) => a.id === id);

const cobrancas = async (assinaturaId: number) =>
  (await app.inject({ method: 'GET', url: '/api/usuarios/pagamentos?size=100&sort=vencimento,asc', headers: dono.h }))
    .json<{ content: Cobranca[] }>()
    .content.filter((c) => c.assinaturaId === assinaturaId);

const idRecDe = async (assinaturaId: number) =>
  (await consultar<{ idRec: string }>(app.database.db, sql`select id_rec as "idRec" from assinaturas where id = ${assinaturaId}`))[0]
    ?.idRec ?? '';

/** A billing round as of `hoje`, with a lead time reaching the next period's charge. */
async function rodada(hoje = hojeEm(app.config.timezone), conciliacaoMs = 3_600_000) {
  const cliente = new ClientePix(app.config.pagamentos.psp ?? (undefined as never));
  try {
    return await rodadaDeCobranca(app, app.config.pagamentos.pix ?? (undefined as never), hoje, 40, {
      cliente,
      conciliacaoMs,
      log: app.log,
    });
  } finally {
    cliente.fechar();
  }
}

/** A subscription whose owner authorised Pix Automático, and its next period's charge scheduled at the PSP. */
async function autorizadaComAgendada(nome: string) {
  const r = await assinar(await novoPet(nome));
  const a = r.json<Assinatura>();
  await psp.automatico.responderSolicitacao(await idRecDe(a.id), 'APROVADA');
  await rodada();
  const agendada = (await cobrancas(a.id)).find((c) => c.debitoAutomatico);
  if (!agendada) throw new Error('nenhuma cobrança agendada');
  return { a, agendada };
}

beforeAll(async () => {
  psp = await iniciarPspPix({ certificados, tentativas: 2 });
  const dir = mkdtempSync(path.join(tmpdir(), 'rastro-psp-aut-'));
  const porta = await portaLivre();
  app = await criarApp({
    PIX_CHAVE: 'pagamentos@rastro.test',
    PIX_RECEBEDOR_NOME: 'Rastro Pets',
    PIX_RECEBEDOR_CIDADE: 'São Paulo',
    ...envDoRastro(psp, certificados, dir),
    PIX_WEBHOOK_URL: `http://127.0.0.1:${porta}/api/pix/webhook/${SEGREDO}`,
    PIX_WEBHOOK_SEGREDO: SEGREDO,
    PIX_RECEBEDOR_CONTA: '123456',
    PIX_RECEBEDOR_AGENCIA: '0001',
    PAGAMENTOS_RONDA_MS: '60000',
  });
  await app.listen({ port: porta, host: '127.0.0.1' });
  admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONA AUTOMÁTICA');
  await app.database.db.execute(sql`update usuarios set cpf = '52998224725' where id = ${d.id}`);
  dono = { id: d.id, h: bearer(d.token) };
  planoId = (
    await app.inject({
      method: 'POST',
      url: '/api/planos',
      headers: admin,
      payload: { nome: 'Mensal', valorCentavos: 2990, periodo: 'MENSAL' },
    })
  ).json<{ id: number }>().id;
  for (let i = 0; i < 100 && !psp.trocas.some((t) => t.caminho === '/api/webhookcobr' && t.status === 200); i++)
    await new Promise((r) => setTimeout(r, 50));
});
afterAll(async () => {
  await app?.fechar();
  await psp?.fechar();
});

describe('Pix Automático with a PSP (API Pix over mutual TLS)', () => {
  it('the app offers it; subscribing creates the recurrence and asks the owner’s bank, and the first charge is paid now with a code', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/config' })).json<{ pagamentos: unknown }>().pagamentos).toEqual({
      ativo: true,
      automatico: true,
    });
    expect(psp.trocas.filter((t) => t.caminho === '/api/webhookrec').map((t) => [t.metodo, t.pedido])).toEqual([
      ['PUT', { webhookUrl: app.config.pagamentos.psp?.webhookUrl }],
    ]);
    const r = await assinar(await novoPet('AUTO1'));
    expect(r.statusCode).toBe(201);
    const a = r.json<Assinatura & { forma: string }>();
    expect([a.forma, a.autorizacao]).toEqual(['PIX_AUTOMATICO', 'AGUARDANDO']);
    const idRec = await idRecDe(a.id);
    const rec = psp.automatico.recorrencia(idRec);
    const hoje = hojeEm(app.config.timezone);
    expect(rec).toMatchObject({
      status: 'CRIADA',
      vinculo: { devedor: { cpf: '52998224725', nome: 'DONA AUTOMÁTICA' }, objeto: 'Assinatura Rastro: AUTO1' },
      calendario: { periodicidade: 'MENSAL', dataInicial: somarDias(periodoQueContem(hoje, 'MENSAL', hoje).fim, 1) },
      valor: { valorRec: '29.90' },
    });
    const solicitacao = psp.trocas.find((t) => t.caminho === '/api/solicrec' && (t.pedido as { idRec: string }).idRec === idRec);
    expect(solicitacao?.pedido).toMatchObject({
      destinatario: { cpf: '52998224725', ispbParticipante: '60746948', agencia: '1234', conta: '567890' },
    });
    const [primeira] = await cobrancas(a.id);
    expect(primeira).toMatchObject({ situacao: 'PENDENTE', debitoAutomatico: false });
    expect(primeira?.pixCopiaECola).toMatch(/^00020101021226/);
  });

  it('the owner approves in the bank app: the next period’s charge is scheduled (no code) and the debit settles it once', async () => {
    const { a, agendada } = await autorizadaComAgendada('AUTO2');
    expect((await assinatura(a.id))?.autorizacao).toBe('APROVADA');
    expect(await contar(app, 'notificacoes', sql`usuario_id = ${dono.id} and descricao like 'Pix Automático autorizado%AUTO2%'`)).toBe(1);
    expect(agendada).toMatchObject({ situacao: 'PENDENTE', pixCopiaECola: null });
    expect(psp.automatico.cobrancaRecorrente(agendada.txid)).toMatchObject({
      idRec: await idRecDe(a.id),
      status: 'ATIVA',
      calendario: { dataDeVencimento: agendada.vencimento },
      valor: { original: '29.90' },
      recebedor: { conta: '123456', agencia: '0001', tipoConta: 'CORRENTE' },
    });

    // No "pay with Pix" reminder for a scheduled debit (the owner's bank tells them before debiting).
    await rodada(somarDias(agendada.vencimento, -3));
    await rodada(agendada.vencimento);
    expect(await contar(app, 'notificacoes', sql`usuario_id = ${dono.id} and descricao like 'A assinatura de AUTO2%vence%'`)).toBe(0);

    const debitada = await psp.automatico.debitar(agendada.txid);
    expect((await cobrancas(a.id)).find((c) => c.id === agendada.id)?.situacao).toBe('PAGO');
    // The same notification again (PSPs repeat): still one payment, one receipt.
    const r = await app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${SEGREDO}/cobr`,
      payload: { cobsr: [{ idRec: debitada.idRec, txid: agendada.txid, status: 'CONCLUIDA', atualizacao: [], pix: debitada.pix }] },
    });
    expect(r.statusCode).toBe(200);
    const [pix] = debitada.pix as { endToEndId: string }[];
    expect(await contar(app, 'cobrancas', sql`end_to_end_id = ${pix?.endToEndId ?? ''} and situacao = 'PAGO'`)).toBe(1);
    expect(await contar(app, 'email_fila', sql`assunto like 'Rastro — pagamento recebido%' and texto like ${`%${agendada.txid}%`}`)).toBe(
      1,
    );
  });

  it('a debit the payer’s bank refuses becomes a charge with a code, and the owner is told to pay it', async () => {
    const { a, agendada } = await autorizadaComAgendada('AUTO3');
    await psp.automatico.debitar(agendada.txid, { falhar: true });
    const depois = (await cobrancas(a.id)).find((c) => c.id === agendada.id);
    expect(depois).toMatchObject({ situacao: 'PENDENTE', debitoAutomatico: false, pixCopiaECola: null });
    expect(depois?.txid).not.toBe(agendada.txid);
    expect(
      await contar(
        app,
        'notificacoes',
        sql`usuario_id = ${dono.id} and descricao like 'O débito automático de R$ 29,90 da assinatura de AUTO3 não foi feito%'`,
      ),
    ).toBe(1);
    // The next round gives it a code, at the PSP (/cobv: the payer has a CPF), not another schedule.
    await rodada(somarDias(agendada.vencimento, 0));
    const comCodigo = (await cobrancas(a.id)).find((c) => c.id === agendada.id);
    expect(comCodigo?.pixCopiaECola).toMatch(/^00020101021226/);
    expect(psp.cobranca(comCodigo?.txid ?? '')).toMatchObject({ status: 'ATIVA' });
  });

  it('a refusal in the bank app keeps the charges with a code; lost notifications are caught up by the reconciliation', async () => {
    const recusada = (await assinar(await novoPet('AUTO4'))).json<Assinatura>();
    await psp.automatico.responderSolicitacao(await idRecDe(recusada.id), 'REJEITADA');
    expect((await assinatura(recusada.id))?.autorizacao).toBe('REJEITADA');
    // A late, contradicting notification does not revive it.
    await app.inject({
      method: 'POST',
      url: `/api/pix/webhook/${SEGREDO}/rec`,
      payload: { recs: [{ idRec: await idRecDe(recusada.id), status: 'APROVADA', atualizacao: [] }] },
    });
    expect((await assinatura(recusada.id))?.autorizacao).toBe('REJEITADA');

    const perdida = (await assinar(await novoPet('AUTO5'))).json<Assinatura>();
    await psp.automatico.responderSolicitacao(await idRecDe(perdida.id), 'APROVADA', { perderWebhook: true });
    expect((await assinatura(perdida.id))?.autorizacao).toBe('AGUARDANDO');
    const r = await rodada(hojeEm(app.config.timezone), 0);
    expect(r.autorizacoes).toBeGreaterThanOrEqual(1);
    expect((await assinatura(perdida.id))?.autorizacao).toBe('APROVADA');
    expect((await cobrancas(recusada.id)).every((c) => !c.debitoAutomatico && c.pixCopiaECola !== null)).toBe(true);

    // The period's charge, scheduled in that round, debited with its notification lost: the next round settles it.
    const agendada = (await cobrancas(perdida.id)).find((c) => c.debitoAutomatico);
    if (!agendada) throw new Error('nenhuma cobrança agendada');
    await psp.automatico.debitar(agendada.txid, { perderWebhook: true });
    expect((await cobrancas(perdida.id)).find((c) => c.id === agendada.id)?.situacao).toBe('PENDENTE');
    expect((await rodada(hojeEm(app.config.timezone), 0)).conciliadas).toBeGreaterThanOrEqual(1);
    expect((await cobrancas(perdida.id)).find((c) => c.id === agendada.id)?.situacao).toBe('PAGO');
  });

  it('cancelling withdraws the recurrence and unschedules its charges at the PSP', async () => {
    const { a, agendada } = await autorizadaComAgendada('AUTO6');
    const r = await app.inject({ method: 'DELETE', url: `/api/usuarios/assinaturas/${a.id}`, headers: dono.h });
    expect(r.statusCode).toBe(200);
    expect(r.json<Assinatura>().autorizacao).toBe('CANCELADA');
    expect(psp.automatico.recorrencia(await idRecDe(a.id))).toMatchObject({ status: 'CANCELADA' });
    expect(psp.automatico.cobrancaRecorrente(agendada.txid)).toMatchObject({ status: 'CANCELADA' });
    expect((await cobrancas(a.id)).find((c) => c.id === agendada.id)?.situacao).toBe('CANCELADO');
  });

  it('refuses without an account (400), without a CPF (400) and, with the PSP down, answers 502 keeping nothing', async () => {
    const pet = await novoPet('AUTO7');
    const sem = await assinar(pet, { forma: 'PIX_AUTOMATICO' });
    expect(sem.statusCode).toBe(400);
    expect(JSON.stringify(sem.json())).toContain('Informe o banco e a conta para o Pix Automático.');
    const contaRuim = await assinar(pet, { forma: 'PIX_AUTOMATICO', contaPagador: { ...CONTA, conta: '12a' } });
    expect(contaRuim.statusCode).toBe(400);

    psp.foraDoAr(true);
    try {
      const r = await assinar(pet);
      expect([r.statusCode, r.json<{ message: string }>().message]).toEqual([
        502,
        'Não foi possível pedir a autorização ao seu banco agora. Tente de novo em instantes ou escolha Pix.',
      ]);
    } finally {
      psp.foraDoAr(false);
    }
    expect(await contar(app, 'assinaturas', sql`usuario_rastreador_id = ${pet}`)).toBe(0);

    const semCpf = await criarCliente(app, 'SEM CPF');
    const outroPet = await (async () => {
      seq += 1;
      const rastreadorId = await registrarRastreador(app, admin, `88${String(Date.now()).slice(-9)}${String(seq).padStart(4, '0')}`);
      await vincular(app, semCpf.id, rastreadorId, 'AUTO8');
      return (
        await consultar<{ id: number }>(app.database.db, sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`)
      )[0]?.id;
    })();
    const r = await app.inject({
      method: 'POST',
      url: '/api/usuarios/assinaturas',
      headers: bearer(semCpf.token),
      payload: { usuarioRastreadorId: outroPet, planoId, forma: 'PIX_AUTOMATICO', contaPagador: CONTA },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain('Cadastre seu CPF em Minha conta para usar o Pix Automático.');
  });

  it('a notification without the secret changes nothing (403)', async () => {
    const a = (await assinar(await novoPet('AUTO9'))).json<Assinatura>();
    const r = await app.inject({
      method: 'POST',
      url: '/api/pix/webhook/segredo-errado-0123456789abcdef0123/rec',
      payload: { recs: [{ idRec: await idRecDe(a.id), status: 'APROVADA', atualizacao: [] }] },
    });
    expect(r.statusCode).toBe(403);
    expect((await assinatura(a.id))?.autorizacao).toBe('AGUARDANDO');
  });

  it.skipIf(!apiPixDisponivel())('every request Rastro sent, every answer and every notification conform to the API Pix 2.9.0', () => {
    const api = psp.trocas.filter((t) => /^\/api\/(rec|solicrec|cobr|webhookrec|webhookcobr)\b/.test(t.caminho));
    expect(api.length).toBeGreaterThan(10);
    for (const t of api) {
      expect(validarPedido({ metodo: t.metodo, caminho: t.caminho, corpo: t.pedido }), `${t.metodo} ${t.caminho}`).toEqual([]);
      expect(
        validarResposta({ metodo: t.metodo, caminho: t.caminho, status: t.status, corpo: t.resposta }),
        `${t.metodo} ${t.caminho}`,
      ).toEqual([]);
    }
    expect(psp.notificacoes.length).toBeGreaterThan(3);
    for (const n of psp.notificacoes) expect(validarCallback(n.tipo, n.corpo), n.url).toEqual([]);
  });
});
