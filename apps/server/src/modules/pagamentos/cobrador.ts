import type { Executor } from '../../db/client';
import { LacoDeFila } from '../../lib/laco-de-fila';
import { tarefaDeFundo } from '../../lib/tarefa-de-fundo';
import type { Infra } from '../../plugins/infra';
import { definirSuspensao } from '../meus-rastreadores/service';
import { atualizarAssinatura, travarAssinatura } from './assinaturas-repository';
import {
  assinaturasParaCobrar,
  assinaturasParaEncerrar,
  assinaturasParaSuspender,
  cancelarAbertas,
  inserirCobrancas,
  marcarVencidas,
  type NovaCobranca,
} from './cobrancas-repository';
import { copiaEColaEstatico, novoTxid, type RecebedorPix } from './cobrancas-service';
import { hojeEm, periodoQueContem, somarDias, type Periodo } from './periodos';

/** Subscriptions read (and charges written) per statement when creating a period's charges. */
const LOTE = 1000;

export interface ResultadoDaRodada {
  criadas: number;
  vencidas: number;
  suspensas: number;
  encerradas: number;
}

/** The next period's charges of every active subscription whose next period starts within `antecedenciaDias` of `hoje`. */
async function criarCobrancas(db: Executor, pix: RecebedorPix, hoje: string, antecedenciaDias: number) {
  const ate = somarDias(hoje, antecedenciaDias);
  let criadas = 0;
  for (let depoisDe = 0; ; ) {
    const lote = await assinaturasParaCobrar(db, ate, depoisDe, LOTE);
    const novas = lote.map((a): NovaCobranca => {
      const inicio = a.ultimoFim ? somarDias(a.ultimoFim, 1) : a.inicio;
      const periodo = periodoQueContem(a.inicio, a.periodo as Periodo, inicio);
      const txid = novoTxid();
      return {
        assinaturaId: a.id,
        usuarioId: a.usuarioId,
        txid,
        valorCentavos: a.valorCentavos,
        periodoInicio: inicio,
        periodoFim: periodo.fim,
        vencimento: inicio,
        pixCopiaECola: copiaEColaEstatico(pix, txid, a.valorCentavos),
      };
    });
    criadas += await inserirCobrancas(db, novas);
    const ultima = lote.at(-1);
    if (!ultima || lote.length < LOTE) return criadas;
    depoisDe = ultima.id;
  }
}

/**
 * One round of billing, as of the day `hoje` (YYYY-MM-DD in the server's timezone). Every step is
 * safe to repeat and to run on several instances at once: a period's charge is created once, a
 * charge falls due once, a subscription is suspended or closed once.
 * 1. the charges of the periods that start within the lead time;
 * 2. pending charges past their due date become VENCIDO;
 * 3. a subscription with a charge overdue past its grace days is suspended: its pet's map and
 *    history are hidden; alarms, lost-pet mode, share links and storing positions go on;
 * 4. a subscription cancelled at the end of its paid period closes once that period is over.
 */
export async function rodadaDeCobranca(
  deps: Pick<Infra, 'db'>,
  pix: RecebedorPix,
  hoje: string,
  antecedenciaDias: number,
): Promise<ResultadoDaRodada> {
  const criadas = await criarCobrancas(deps.db, pix, hoje, antecedenciaDias);
  const vencidas = await marcarVencidas(deps.db, hoje);
  let suspensas = 0;
  for (const a of await assinaturasParaSuspender(deps.db, hoje)) {
    const mudou = await deps.db.transaction(async (tx) => {
      const atual = await travarAssinatura(tx, a.id);
      if (atual?.situacao !== 'ATIVA') return false;
      const agora = new Date();
      await atualizarAssinatura(tx, a.id, { situacao: 'SUSPENSA', suspensaEm: agora });
      if (atual.usuarioRastreadorId !== null) await definirSuspensao(tx, atual.usuarioRastreadorId, agora);
      return true;
    });
    if (mudou) suspensas++;
  }
  let encerradas = 0;
  for (const a of await assinaturasParaEncerrar(deps.db, hoje)) {
    const mudou = await deps.db.transaction(async (tx) => {
      const atual = await travarAssinatura(tx, a.id);
      if (!atual || atual.situacao === 'CANCELADA') return false;
      await cancelarAbertas(tx, a.id);
      await atualizarAssinatura(tx, a.id, { situacao: 'CANCELADA', canceladaEm: new Date(), suspensaEm: null });
      if (atual.usuarioRastreadorId !== null && atual.suspensaEm !== null) await definirSuspensao(tx, atual.usuarioRastreadorId, null);
      return true;
    });
    if (mudou) encerradas++;
  }
  return { criadas, vencidas, suspensas, encerradas };
}

/** The billing round on every instance, every PAGAMENTOS_RONDA_MS, while payments are on (PIX_CHAVE). */
export const cobrador = tarefaDeFundo('cobrador', (app) => {
  const pix = app.config.pagamentos.pix;
  const log = app.log.child({ modulo: 'pagamentos' });
  const laco = new LacoDeFila(
    async () => {
      if (!pix) return 0;
      const r = await rodadaDeCobranca(app, pix, hojeEm(app.config.timezone), app.config.pagamentos.antecedenciaDias);
      if (r.criadas + r.vencidas + r.suspensas + r.encerradas > 0) log.info(r, 'rodada de cobrança');
      return 0;
    },
    { lote: 1, intervaloMs: app.config.pagamentos.rondaMs, aoFalhar: (err) => log.error({ err }, 'falha na rodada de cobrança') },
  );
  return { iniciar: () => (pix ? laco.iniciar() : undefined), parar: () => laco.parar() };
});
