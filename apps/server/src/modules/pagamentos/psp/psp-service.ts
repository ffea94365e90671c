import type { FastifyBaseLogger } from 'fastify';
import type { Infra } from '../../../plugins/infra';
import { devedorPix } from '../../usuarios/service';
import { cobrancaPorTxid, marcarAgendadaNoPsp, marcarRegistradaNoPsp, paraConciliar, paraRegistrarNoPsp } from '../cobrancas-repository';
import { hojeEm, somarDias } from '../periodos';
import { liquidarNaTransacao, type ResultadoDaLiquidacao } from '../cobrancas-service';
import { valorParaCentavos, type ClientePix, type PixRecebido } from './cliente-pix';

/** What settling needs (a billing round's deps, or the app's). */
interface Deps {
  db: Infra['db'];
  emails: Pick<Infra['emails'], 'enfileirar'>;
  config: Pick<Infra['config'], 'timezone' | 'appUrl'>;
}

/** Charges registered per round at most; the rest wait for the next one. */
const LOTE = 200;
/** Pix Automático schedules a charge at least this many days before its due date (the payer's PSP needs them). */
export const DIAS_MINIMOS_DO_AGENDAMENTO = 2;

/**
 * Hands the open charges the PSP has not taken yet to it (`/cobv`, or `/cob` for a payer without
 * CPF) and keeps the BR Code it returns. A charge of an authorised Pix Automático, due far enough
 * ahead, is scheduled instead (`/cobr`): no code, the payer's bank debits it. A failure leaves the
 * charge for the next round.
 */
export async function registrarNoPsp(
  deps: Deps,
  cliente: ClientePix,
  chave: string,
  log: FastifyBaseLogger,
  /** Only this subscription's (its first charge, right after subscribing). */
  assinaturaId?: number,
  hoje = hojeEm(deps.config.timezone),
): Promise<number> {
  let registradas = 0;
  const agendarAte = somarDias(hoje, DIAS_MINIMOS_DO_AGENDAMENTO);
  for (const c of await paraRegistrarNoPsp(deps.db, LOTE, assinaturaId)) {
    try {
      if (cliente.automatico && c.autorizacao === 'APROVADA' && c.idRec && !c.debitoRecusado && c.vencimento >= agendarAte) {
        await cliente.criarCobrancaRecorrente({
          txid: c.txid,
          idRec: c.idRec,
          vencimento: c.vencimento,
          valorCentavos: c.valorCentavos,
          info: `Assinatura Rastro: ${c.pet}`,
        });
        await marcarAgendadaNoPsp(deps.db, c.id);
        registradas += 1;
        continue;
      }
      const devedor = await devedorPix(deps.db, c.usuarioId);
      const codigo = await cliente.criarCobranca({
        txid: c.txid,
        chave,
        valorCentavos: c.valorCentavos,
        vencimento: c.vencimento,
        diasCarencia: c.diasCarencia,
        devedor: { nome: devedor?.nome ?? '', cpf: devedor?.cpf ?? null },
        solicitacao: `Assinatura Rastro: ${c.pet}`,
      });
      await marcarRegistradaNoPsp(deps.db, c.id, codigo);
      registradas += 1;
    } catch (err) {
      log.warn({ err, cobrancaId: c.id }, 'o PSP não registrou a cobrança; tento na próxima rodada');
    }
  }
  return registradas;
}

/**
 * Settles the Pix the PSP says it received (webhook or reconciliation), each in its own
 * transaction and once: a repeat finds its charge paid. A Pix of an unknown txid or a malformed
 * amount changes nothing and is logged.
 */
export async function liquidarPix(deps: Deps, lista: readonly PixRecebido[], log: FastifyBaseLogger) {
  const resultados: ResultadoDaLiquidacao[] = [];
  for (const pix of lista) {
    const cobrancaId = await cobrancaPorTxid(deps.db, pix.txid);
    const valor = valorParaCentavos(pix.valor);
    const pagoEm = new Date(pix.horario);
    if (cobrancaId === undefined || valor === null || Number.isNaN(pagoEm.getTime())) {
      log.warn({ txid: pix.txid, endToEndId: pix.endToEndId }, 'Pix sem cobrança conhecida ou com valor ilegível');
      resultados.push('INEXISTENTE');
      continue;
    }
    const r = await deps.db.transaction((tx) =>
      liquidarNaTransacao(deps, tx, { cobrancaId, valorPagoCentavos: valor, pagoEm, endToEndId: pix.endToEndId }),
    );
    if (r === 'DIVERGENTE') log.warn({ cobrancaId, endToEndId: pix.endToEndId }, 'Pix com valor diferente do cobrado');
    resultados.push(r);
  }
  return resultados;
}

/** Asks the PSP about the open charges registered more than `conciliacaoMs` ago: a lost webhook is settled here. */
export async function conciliar(deps: Deps, cliente: ClientePix, conciliacaoMs: number, log: FastifyBaseLogger): Promise<number> {
  let liquidadas = 0;
  for (const { txid } of await paraConciliar(deps.db, new Date(Date.now() - conciliacaoMs), LOTE, false)) {
    try {
      const c = await cliente.consultar(txid);
      if (c?.status === 'CONCLUIDA' && c.pix.length > 0)
        liquidadas += (await liquidarPix(deps, c.pix, log)).filter((r) => r === 'PAGA').length;
    } catch (err) {
      log.warn({ err, txid }, 'falha ao consultar a cobrança no PSP');
    }
  }
  return liquidadas;
}
