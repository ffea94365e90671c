import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import type { Executor } from '../../db/client';
import { lembretePagamento } from '../../plugins/email/templates';
import { LacoDeFila } from '../../lib/laco-de-fila';
import { tarefaDeFundo } from '../../lib/tarefa-de-fundo';
import type { Infra } from '../../plugins/infra';
import { definirSuspensao } from '../meus-rastreadores/service';
import { avisarAoConfirmar } from './ao-vivo';
import { notificarComPush } from '../push/service';
import { nomeEEmail } from './assinaturas-repository';
import {
  assinaturasParaCobrar,
  cancelarAbertas,
  encerrarCanceladas,
  inserirCobrancas,
  marcarVencidas,
  reservarLembretes,
  suspenderAtrasadas,
  type NovaCobranca,
} from './cobrancas-repository';
import { copiaEColaEstatico, novoTxid, type RecebedorPix } from './cobrancas-service';
import { hojeEm, periodoQueContem, somarDias, type Periodo } from './periodos';

/** The pets' links of these subscriptions (none for a subscription whose tracker was unlinked). */
const vinculosDe = (lista: readonly { usuarioRastreadorId: number | null }[]) =>
  lista.flatMap((a) => (a.usuarioRastreadorId === null ? [] : [a.usuarioRastreadorId]));

/** Subscriptions read (and charges written) per statement when creating a period's charges. */
const LOTE = 1000;

export interface ResultadoDaRodada {
  criadas: number;
  lembretes: number;
  vencidas: number;
  suspensas: number;
  encerradas: number;
}

/** The first reminder goes this many days before the due date; the second on the day. */
export const DIAS_ANTES_DO_LEMBRETE = 3;

/** What a billing round uses: the database, the e-mail queue, the server's timezone and address. */
export interface DepsDaRodada {
  db: Infra['db'];
  emails: Pick<Infra['emails'], 'enfileirar'>;
  config: Pick<Infra['config'], 'appUrl' | 'timezone'>;
}

/** Reminds the owners of charges falling due: a notification (with its push) and an e-mail, each once. */
async function lembrar(deps: DepsDaRodada, hoje: string) {
  return deps.db.transaction(async (tx) => {
    const lembretes = await reservarLembretes(tx, hoje, DIAS_ANTES_DO_LEMBRETE);
    const link = `${deps.config.appUrl}/user/meus-pagamentos`;
    await notificarComPush(
      tx,
      lembretes.map((l) => ({
        usuarioId: l.usuarioId,
        rastreadorId: l.rastreadorId,
        descricao: `A assinatura de ${l.pet} (${formatarCentavos(l.valorCentavos)}) vence ${l.lembrete === 2 ? 'hoje' : `em ${formatarDia(l.vencimento)}`}. Pague com Pix em Meus Pagamentos.`,
      })),
    );
    for (const l of lembretes) {
      const dono = await nomeEEmail(tx, l.usuarioId);
      if (dono)
        await deps.emails.enfileirar(tx, {
          destinatario: dono.email,
          ...lembretePagamento({
            nome: dono.nome,
            pet: l.pet,
            valor: formatarCentavos(l.valorCentavos),
            vencimento: formatarDia(l.vencimento),
            hoje: l.lembrete === 2,
            link,
          }),
        });
    }
    await avisarAoConfirmar(
      tx,
      lembretes.map((l) => l.usuarioId),
    );
    return lembretes.length;
  });
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
 * 2. reminders of the charges falling due (3 days before, and on the day): notification, push, e-mail;
 * 3. pending charges past their due date become VENCIDO;
 * 4. a subscription with a charge overdue past its grace days is suspended: its pet's map and
 *    history are hidden; alarms, lost-pet mode, share links and storing positions go on;
 * 5. a subscription cancelled at the end of its paid period closes once that period is over.
 */
export async function rodadaDeCobranca(
  deps: DepsDaRodada,
  pix: RecebedorPix,
  hoje: string,
  antecedenciaDias: number,
): Promise<ResultadoDaRodada> {
  const criadas = await criarCobrancas(deps.db, pix, hoje, antecedenciaDias);
  const lembretes = await lembrar(deps, hoje);
  const vencidas = await marcarVencidas(deps.db, hoje);
  const agora = new Date();
  // Set-based, each in one transaction: the subscriptions change and their pets' links with them.
  const suspensas = await deps.db.transaction(async (tx) => {
    const lista = await suspenderAtrasadas(tx, hoje, agora);
    await definirSuspensao(tx, vinculosDe(lista), agora);
    await avisarAoConfirmar(
      tx,
      lista.map((a) => a.usuarioId),
    );
    return lista.length;
  });
  const encerradas = await deps.db.transaction(async (tx) => {
    const lista = await encerrarCanceladas(tx, hoje, agora);
    await cancelarAbertas(
      tx,
      lista.map((a) => a.id),
    );
    await definirSuspensao(tx, vinculosDe(lista.filter((a) => a.estavaSuspensa)), null);
    return lista.length;
  });
  return { criadas, lembretes, vencidas, suspensas, encerradas };
}

/** The billing round on every instance, every PAGAMENTOS_RONDA_MS, while payments are on (PIX_CHAVE). */
export const cobrador = tarefaDeFundo('cobrador', (app) => {
  const pix = app.config.pagamentos.pix;
  const log = app.log.child({ modulo: 'pagamentos' });
  const laco = new LacoDeFila(
    async () => {
      if (!pix) return 0;
      const r = await rodadaDeCobranca(app, pix, hojeEm(app.config.timezone), app.config.pagamentos.antecedenciaDias);
      if (r.criadas + r.lembretes + r.vencidas + r.suspensas + r.encerradas > 0) log.info(r, 'rodada de cobrança');
      return 0;
    },
    { lote: 1, intervaloMs: app.config.pagamentos.rondaMs, aoFalhar: (err) => log.error({ err }, 'falha na rodada de cobrança') },
  );
  return { iniciar: () => (pix ? laco.iniciar() : undefined), parar: () => laco.parar() };
});
