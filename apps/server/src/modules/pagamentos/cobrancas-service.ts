import { randomBytes } from 'node:crypto';
import { MSG } from '@rastro/shared/messages';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import type {
  PagamentoAdmin,
  PagamentoAdminPage,
  Pagamento,
  PagamentosAdminQuery,
  ResumoPagamentos,
  SituacaoCobranca,
} from '@rastro/shared/schemas/pagamentos';
import type { Page } from '@rastro/shared/schemas/common';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import type { Paginacao } from '../../lib/paginacao';
import type { Executor } from '../../db/client';
import { ErroDaApi, naoEncontrado } from '../../lib/erros';
import { isoOuNull, pagina } from '../../lib/paginacao';
import type { Principal } from '../../plugins/auth';
import type { Infra } from '../../plugins/infra';
import { reciboPagamento } from '../../plugins/email/templates';
import { registrarAuditoria } from '../auditoria/service';
import { periodo } from '../relatorios/service';
import { definirSuspensao, rastreadorDoVinculo } from '../meus-rastreadores/service';
import { notificarComPush } from '../push/service';
import { avisarAoConfirmar } from './ao-vivo';
import { montarBrCode } from './brcode';
import {
  atualizarCobranca,
  buscarCobranca,
  buscarCobrancaAdmin,
  cobrancasDoUsuario,
  listarCobrancas,
  resumoDosPagamentos,
  temVencidaAlemDaCarencia,
  travarCobranca,
  type LinhaCobranca,
  type LinhaCobrancaAdmin,
} from './cobrancas-repository';
import { atualizarAssinatura, nomeEEmail, travarAssinatura } from './assinaturas-repository';
import { hojeEm } from './periodos';

/** The receiver of static codes (PIX_CHAVE, PIX_RECEBEDOR_NOME, PIX_RECEBEDOR_CIDADE). */
export interface RecebedorPix {
  chave: string;
  nome: string;
  cidade: string;
}

const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/**
 * A new txid: 25 letters and digits (what a static code allows), 125 random bits; 32 in PSP mode
 * (`/cobv` asks for 26 to 35).
 */
export function novoTxid(tamanho = 25): string {
  return [...randomBytes(tamanho)].map((b) => ALFABETO[b & 31]).join('');
}

/** A new charge's txid and code: static mode builds the code now; in PSP mode the PSP makes it once the charge is registered. */
export function codigoDaNovaCobranca(pix: RecebedorPix, comPsp: boolean, valorCentavos: number) {
  if (comPsp) return { txid: novoTxid(32), pixCopiaECola: null };
  const txid = novoTxid();
  return { txid, pixCopiaECola: copiaEColaEstatico(pix, txid, valorCentavos) };
}

/** The "Pix copia e cola" of a charge paid with a static code: the receiver's key, the amount, the charge's txid. */
export const copiaEColaEstatico = (r: RecebedorPix, txid: string, valorCentavos: number) =>
  montarBrCode({ chave: r.chave, nome: r.nome, cidade: r.cidade, txid, valorCentavos });

const paraPagamento = (r: LinhaCobranca): Pagamento => ({
  id: r.id,
  assinaturaId: r.assinaturaId,
  pet: r.pet,
  valorCentavos: r.valorCentavos,
  vencimento: r.vencimento,
  situacao: r.situacao as SituacaoCobranca,
  pixCopiaECola: r.situacao === 'PENDENTE' || r.situacao === 'VENCIDO' ? r.pixCopiaECola : null,
  pagoEm: isoOuNull(r.pagoEm),
  txid: r.txid,
  debitoAutomatico: r.debitoAutomatico,
});

const paraPagamentoAdmin = (r: LinhaCobrancaAdmin): PagamentoAdmin => ({
  ...paraPagamento(r),
  usuarioId: r.usuarioId,
  usuarioNome: r.usuarioNome,
  usuarioEmail: r.usuarioEmail,
  periodoInicio: r.periodoInicio,
  periodoFim: r.periodoFim,
  valorPagoCentavos: r.valorPagoCentavos,
  divergente: r.divergente,
  baixaManual: r.baixaUsuarioId !== null || r.baixaObservacao !== null,
  baixaObservacao: r.baixaObservacao,
});

/** GET /api/usuarios/pagamentos: the caller's own charges (a guardian pays nothing, sees none). */
export async function meusPagamentos(db: Executor, p: Principal, q: Paginacao): Promise<Page<Pagamento>> {
  const { rows, total } = await cobrancasDoUsuario(db, p.usuarioId, q);
  return pagina(rows.map(paraPagamento), total, q);
}

/** GET /api/pagamentos: every charge, filtered, with the filtered totals by situation. */
export async function pagamentos(db: Executor, q: PagamentosAdminQuery): Promise<PagamentoAdminPage> {
  const { rows, total, totais } = await listarCobrancas(db, {
    ...q,
    usuario: q.usuario || undefined,
  });
  return {
    ...pagina(rows.map(paraPagamentoAdmin), total, q),
    totais: { pendenteCentavos: totais.pendente, pagoCentavos: totais.pago, vencidoCentavos: totais.vencido },
  };
}

export type ResultadoDaLiquidacao = 'PAGA' | 'JA_PAGA' | 'DIVERGENTE' | 'CANCELADA' | 'INEXISTENTE';

export interface Liquidacao {
  cobrancaId: number;
  /** What arrived; a different amount than charged is recorded and flagged, never accepted as payment. */
  valorPagoCentavos: number;
  pagoEm: Date;
  /** The Pix's end-to-end id, when a PSP told it: one Pix settles one charge. */
  endToEndId?: string;
  /** Settled by hand: the administrator and why. */
  baixa?: { usuarioId: number; observacao: string };
}

/**
 * Settles a charge in `tx`, once: a repeat (the same webhook, a reconciliation after it, a second
 * click) finds it paid and changes nothing. The subscription is paid up to the charge's period end
 * and, when no other charge is overdue past its grace days, active again (its pet's map shows
 * again); the owner gets a receipt by e-mail.
 */
export async function liquidarNaTransacao(
  deps: { config: Pick<Infra['config'], 'timezone' | 'appUrl'>; emails: Pick<Infra['emails'], 'enfileirar'> },
  tx: Executor,
  l: Liquidacao,
): Promise<ResultadoDaLiquidacao> {
  const c = await travarCobranca(tx, l.cobrancaId);
  if (!c) return 'INEXISTENTE';
  if (c.situacao === 'PAGO') return 'JA_PAGA';
  if (c.situacao === 'CANCELADO' || c.situacao === 'DEVOLVIDO') return 'CANCELADA';
  if (l.valorPagoCentavos !== c.valorCentavos && !l.baixa) {
    await atualizarCobranca(tx, c.id, {
      valorPagoCentavos: l.valorPagoCentavos,
      divergente: true,
      endToEndId: l.endToEndId ?? c.endToEndId,
    });
    return 'DIVERGENTE';
  }
  await atualizarCobranca(tx, c.id, {
    situacao: 'PAGO',
    pagoEm: l.pagoEm,
    endToEndId: l.endToEndId ?? c.endToEndId,
    ...(l.baixa ? { baixaUsuarioId: l.baixa.usuarioId, baixaObservacao: l.baixa.observacao } : {}),
  });
  const a = await travarAssinatura(tx, c.assinaturaId);
  if (a) {
    const pagoAte = a.pagoAte && a.pagoAte > c.periodoFim ? a.pagoAte : c.periodoFim;
    const hoje = hojeEm(deps.config.timezone);
    const reativar = a.situacao === 'SUSPENSA' && !(await temVencidaAlemDaCarencia(tx, a.id, a.diasCarencia, hoje));
    await atualizarAssinatura(tx, a.id, { pagoAte, ...(reativar ? { situacao: 'ATIVA', suspensaEm: null } : {}) });
    if (reativar && a.usuarioRastreadorId !== null) await definirSuspensao(tx, [a.usuarioRastreadorId], null);
    const rastreadorId = a.usuarioRastreadorId === null ? undefined : await rastreadorDoVinculo(tx, a.usuarioId, a.usuarioRastreadorId);
    await notificarComPush(tx, [
      {
        usuarioId: a.usuarioId,
        rastreadorId: rastreadorId ?? null,
        descricao: `Pagamento de ${formatarCentavos(c.valorCentavos)} recebido: a assinatura de ${a.pet} está em dia.`,
      },
    ]);
    // A pet whose map came back shows again on its owner's and guardians' maps.
    await avisarAoConfirmar(tx, [a.usuarioId], reativar && rastreadorId !== undefined ? [rastreadorId] : []);
    const dono = await nomeEEmail(tx, a.usuarioId);
    if (dono)
      await deps.emails.enfileirar(tx, {
        destinatario: dono.email,
        ...reciboPagamento({
          nome: dono.nome,
          pet: a.pet,
          valor: formatarCentavos(c.valorCentavos),
          periodo: `${formatarDia(c.periodoInicio)} a ${formatarDia(c.periodoFim)}`,
          pagoEm: new Intl.DateTimeFormat('pt-BR', { timeZone: deps.config.timezone, dateStyle: 'short', timeStyle: 'short' }).format(
            l.pagoEm,
          ),
          txid: c.txid,
          link: `${deps.config.appUrl}/user/meus-pagamentos`,
        }),
      });
  }
  return 'PAGA';
}

/** POST /api/pagamentos/{id}/baixa: an administrator settles a charge by hand (audited: who, when, why, from where). */
export async function darBaixa(
  deps: Pick<Infra, 'config' | 'db' | 'emails'>,
  p: Principal,
  id: number,
  observacao: string,
  ip: string,
): Promise<PagamentoAdmin> {
  const resultado = await deps.db.transaction(async (tx) => {
    // Read to know the amount; liquidarNaTransacao locks it and decides.
    const c = await buscarCobranca(tx, id);
    if (!c) return 'INEXISTENTE';
    const r = await liquidarNaTransacao(deps, tx, {
      cobrancaId: id,
      valorPagoCentavos: c.valorCentavos,
      pagoEm: new Date(),
      baixa: { usuarioId: p.usuarioId, observacao },
    });
    if (r === 'PAGA')
      await registrarAuditoria(tx, {
        usuarioId: p.usuarioId,
        emuladorId: p.emuladorId ?? null,
        acao: 'PAGAMENTO_BAIXA_MANUAL',
        detalhe: { cobrancaId: id, txid: c.txid, valorCentavos: c.valorCentavos, observacao },
        ip,
      });
    return r;
  });
  if (resultado === 'INEXISTENTE') throw naoEncontrado();
  if (resultado === 'JA_PAGA') throw new ErroDaApi(409, MSG.cobrancaJaPaga);
  if (resultado === 'CANCELADA') throw new ErroDaApi(409, MSG.cobrancaCancelada);
  const r = await buscarCobrancaAdmin(deps.db, id);
  if (!r) throw naoEncontrado();
  return paraPagamentoAdmin(r);
}

/**
 * GET /api/relatorios/pagamentos: the dashboard's receivable, received in the period, overdue and
 * monthly recurring revenue. Like the other reports it reads the replica (a few seconds of lag).
 */
export async function resumoPagamentos(deps: Pick<Infra, 'dbLeitura' | 'config'>, q: RelatorioQuery): Promise<ResumoPagamentos> {
  const { inicio, fimExclusivo } = periodo(deps, q);
  const r = await resumoDosPagamentos(deps.dbLeitura, inicio, fimExclusivo);
  return {
    aReceberCentavos: r.aReceber,
    recebidoCentavos: r.recebido,
    vencidoCentavos: r.vencido,
    receitaMensalCentavos: r.mensal,
    assinaturasAtivas: r.ativas,
    assinaturasSuspensas: r.suspensas,
  };
}
