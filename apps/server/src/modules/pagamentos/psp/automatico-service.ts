import type { FastifyBaseLogger } from 'fastify';
import { formatarCentavos } from '@rastro/shared/formatters';
import type { SituacaoAutorizacao } from '@rastro/shared/schemas/pagamentos';
import type { Infra } from '../../../plugins/infra';
import { rastreadorDoVinculo } from '../../meus-rastreadores/service';
import { notificarComPush } from '../../push/service';
import { avisarAoConfirmar } from '../ao-vivo';
import { assinaturaPorIdRec, atualizarAssinatura, autorizacoesParaConciliar, buscarAssinatura } from '../assinaturas-repository';
import { paraConciliar, voltarParaPix } from '../cobrancas-repository';
import { novoTxid, type ResultadoDaLiquidacao } from '../cobrancas-service';
import type { ClientePix, CobrancaRecorrenteNoPsp, RecorrenciaNoPsp } from './cliente-pix';
import { liquidarPix } from './psp-service';

/**
 * Pix Automático (ADR 0027 §9): the owner authorises a recurrence once in their bank app; each
 * period's charge is then scheduled at the PSP (`/cobr`) and debited on its due date. What the PSP
 * tells (notifications to '/rec' and '/cobr', or the reconciliation asking) lands here.
 */
interface Deps {
  db: Infra['db'];
  emails: Pick<Infra['emails'], 'enfileirar'>;
  config: Pick<Infra['config'], 'timezone' | 'appUrl'>;
}

const LOTE = 200;
/** A recurring charge the payer's bank will not debit any more. */
const COBR_ENCERRADA = new Set(['REJEITADA', 'EXPIRADA', 'CANCELADA']);
/** The recurrence's status as the owner's authorisation; CRIADA is still awaited. */
const AUTORIZACAO: Record<string, SituacaoAutorizacao> = {
  CRIADA: 'AGUARDANDO',
  APROVADA: 'APROVADA',
  REJEITADA: 'REJEITADA',
  EXPIRADA: 'EXPIRADA',
  CANCELADA: 'CANCELADA',
};
/** Once refused, expired or cancelled, a recurrence never comes back. */
const FINAL = new Set<string>(['REJEITADA', 'EXPIRADA', 'CANCELADA']);

const aviso = (pet: string, a: SituacaoAutorizacao) =>
  a === 'APROVADA'
    ? `Pix Automático autorizado: as próximas cobranças de ${pet} serão debitadas no vencimento.`
    : `O Pix Automático de ${pet} não foi autorizado. Pague as próximas cobranças com Pix em Meus Pagamentos.`;

/**
 * The recurrences' changes: the owner's authorisation is recorded (a refused, expired or cancelled
 * one never changes again), the owner is told by a notification with its push, and their open
 * screens refresh. A repeat changes nothing; an unknown idRec is logged.
 */
export async function aplicarRecorrencias(deps: Deps, recs: readonly RecorrenciaNoPsp[], log: FastifyBaseLogger) {
  let mudadas = 0;
  for (const rec of recs) {
    const nova = AUTORIZACAO[rec.status];
    if (!nova) continue;
    const mudou = await deps.db.transaction(async (tx) => {
      const a = await assinaturaPorIdRec(tx, rec.idRec);
      if (!a) {
        log.warn({ idRec: rec.idRec }, 'recorrência Pix sem assinatura conhecida');
        return false;
      }
      if (a.autorizacao === nova || (a.autorizacao !== null && FINAL.has(a.autorizacao))) return false;
      await atualizarAssinatura(tx, a.id, { autorizacao: nova, autorizacaoEm: new Date() });
      if (nova !== 'AGUARDANDO') {
        const rastreadorId = a.usuarioRastreadorId === null ? undefined : await rastreadorDoVinculo(tx, a.usuarioId, a.usuarioRastreadorId);
        await notificarComPush(tx, [{ usuarioId: a.usuarioId, rastreadorId: rastreadorId ?? null, descricao: aviso(a.pet, nova) }]);
      }
      await avisarAoConfirmar(tx, [a.usuarioId]);
      return true;
    });
    if (mudou) mudadas += 1;
  }
  return mudadas;
}

/**
 * The recurring charges' changes: a debited one settles its charge once (like any Pix); one the
 * payer's bank will not debit goes back to a charge with a code, and its owner is told to pay it.
 */
export async function aplicarCobrancasRecorrentes(deps: Deps, lista: readonly CobrancaRecorrenteNoPsp[], log: FastifyBaseLogger) {
  const resultados: ResultadoDaLiquidacao[] = [];
  for (const c of lista) {
    if (c.status === 'CONCLUIDA' && c.pix.length > 0) resultados.push(...(await liquidarPix(deps, c.pix, log)));
    else if (COBR_ENCERRADA.has(c.status)) await desagendar(deps, c.txid);
  }
  return resultados;
}

async function desagendar(deps: Deps, txid: string) {
  await deps.db.transaction(async (tx) => {
    const c = await voltarParaPix(tx, txid, novoTxid(32));
    if (!c) return;
    const a = await buscarAssinatura(tx, c.assinaturaId);
    if (!a) return;
    const rastreadorId = a.usuarioRastreadorId === null ? undefined : await rastreadorDoVinculo(tx, a.usuarioId, a.usuarioRastreadorId);
    await notificarComPush(tx, [
      {
        usuarioId: a.usuarioId,
        rastreadorId: rastreadorId ?? null,
        descricao: `O débito automático de ${formatarCentavos(c.valorCentavos)} da assinatura de ${a.pet} não foi feito. Pague com Pix em Meus Pagamentos.`,
      },
    ]);
    await avisarAoConfirmar(tx, [a.usuarioId]);
  });
}

/** Asks the PSP about the scheduled charges registered more than `conciliacaoMs` ago still open (a lost '/cobr' notification). */
export async function conciliarAgendadas(deps: Deps, cliente: ClientePix, conciliacaoMs: number, log: FastifyBaseLogger) {
  const lista: CobrancaRecorrenteNoPsp[] = [];
  for (const { txid } of await paraConciliar(deps.db, new Date(Date.now() - conciliacaoMs), LOTE, true)) {
    try {
      const c = await cliente.consultarCobrancaRecorrente(txid);
      if (c) lista.push(c);
    } catch (err) {
      log.warn({ err, txid }, 'falha ao consultar a cobrança recorrente no PSP');
    }
  }
  return (await aplicarCobrancasRecorrentes(deps, lista, log)).filter((r) => r === 'PAGA').length;
}

/** Asks the PSP about authorisations awaited for longer than `conciliacaoMs` (a lost '/rec' notification). */
export async function conciliarAutorizacoes(deps: Deps, cliente: ClientePix, conciliacaoMs: number, log: FastifyBaseLogger) {
  const recs: RecorrenciaNoPsp[] = [];
  for (const { idRec } of await autorizacoesParaConciliar(deps.db, new Date(Date.now() - conciliacaoMs), LOTE)) {
    try {
      const rec = await cliente.consultarRecorrencia(idRec);
      if (rec) recs.push(rec);
    } catch (err) {
      log.warn({ err, idRec }, 'falha ao consultar a recorrência no PSP');
    }
  }
  return aplicarRecorrencias(deps, recs, log);
}

/**
 * After a subscription is cancelled: its recurrence and its scheduled charges are cancelled at the
 * PSP, so nothing more is debited. Best effort: a failure is logged (a debit that still arrives finds
 * its charge cancelled and changes nothing).
 */
export async function cancelarNoPsp(cliente: ClientePix, idRec: string, txids: readonly string[], log: FastifyBaseLogger) {
  for (const txid of txids)
    await cliente
      .cancelarCobrancaRecorrente(txid)
      .catch((err: unknown) => log.warn({ err, txid }, 'o PSP não cancelou a cobrança recorrente'));
  await cliente.cancelarRecorrencia(idRec).catch((err: unknown) => log.warn({ err, idRec }, 'o PSP não cancelou a recorrência'));
}
