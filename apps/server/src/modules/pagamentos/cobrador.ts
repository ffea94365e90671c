import type { FastifyBaseLogger } from 'fastify';
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
import { codigoDaNovaCobranca, type RecebedorPix } from './cobrancas-service';
import { hojeEm, periodoQueContem, somarDias, type Periodo } from './periodos';
import { ClientePix } from './psp/cliente-pix';
import { conciliarAgendadas, conciliarAutorizacoes } from './psp/automatico-service';
import { conciliar, registrarNoPsp } from './psp/psp-service';

/** The pets' links of these subscriptions (none for a subscription whose tracker was unlinked). */
const vinculosDe = (lista: readonly { usuarioRastreadorId: number | null }[]) =>
  lista.flatMap((a) => (a.usuarioRastreadorId === null ? [] : [a.usuarioRastreadorId]));

/** Subscriptions read (and charges written) per statement when creating a period's charges. */
const LOTE = 1000;

export interface ResultadoDaRodada {
  criadas: number;
  /** PSP mode: charges the PSP took, and charges settled by asking it (a lost webhook). */
  registradas: number;
  conciliadas: number;
  /** Pix Automático: authorisations the PSP was asked about that changed. */
  autorizacoes: number;
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
async function criarCobrancas(db: Executor, pix: RecebedorPix, comPsp: boolean, hoje: string, antecedenciaDias: number) {
  const ate = somarDias(hoje, antecedenciaDias);
  let criadas = 0;
  for (let depoisDe = 0; ; ) {
    const lote = await assinaturasParaCobrar(db, ate, depoisDe, LOTE);
    const novas = lote.map((a): NovaCobranca => {
      const inicio = a.ultimoFim ? somarDias(a.ultimoFim, 1) : a.inicio;
      const periodo = periodoQueContem(a.inicio, a.periodo as Periodo, inicio);
      return {
        assinaturaId: a.id,
        usuarioId: a.usuarioId,
        ...codigoDaNovaCobranca(pix, comPsp, a.valorCentavos),
        valorCentavos: a.valorCentavos,
        periodoInicio: inicio,
        periodoFim: periodo.fim,
        vencimento: inicio,
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
 * 1. the charges of the periods that start within the lead time; with a PSP, the open charges it
 *    has not taken are registered (an authorised Pix Automático's scheduled), and those registered a
 *    while ago unpaid, and authorisations long awaited, are asked about;
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
  psp?: PspDaRodada,
): Promise<ResultadoDaRodada> {
  // Authorisations first: how a new charge is registered (scheduled or with a code) depends on them.
  const autorizacoes = psp?.cliente.automatico ? await conciliarAutorizacoes(deps, psp.cliente, psp.conciliacaoMs, psp.log) : 0;
  const criadas = await criarCobrancas(deps.db, pix, psp !== undefined, hoje, antecedenciaDias);
  const registradas = psp ? await registrarNoPsp(deps, psp.cliente, pix.chave, psp.log, undefined, hoje) : 0;
  const conciliadas = psp
    ? (await conciliar(deps, psp.cliente, psp.conciliacaoMs, psp.log)) +
      (psp.cliente.automatico ? await conciliarAgendadas(deps, psp.cliente, psp.conciliacaoMs, psp.log) : 0)
    : 0;
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
  return { criadas, registradas, conciliadas, autorizacoes, lembretes, vencidas, suspensas, encerradas };
}

/** PSP mode's part of a round. */
export interface PspDaRodada {
  cliente: ClientePix;
  conciliacaoMs: number;
  log: FastifyBaseLogger;
}

/**
 * The billing round on every instance, every PAGAMENTOS_RONDA_MS, while payments are on (PIX_CHAVE).
 * With a PSP it first registers the webhooks (again each round until the PSP takes them).
 */
export const cobrador = tarefaDeFundo('cobrador', (app) => {
  const { pix, psp: cfg } = app.config.pagamentos;
  const log = app.log.child({ modulo: 'pagamentos' });
  const cliente = cfg ? new ClientePix(cfg) : undefined;
  const psp = cfg && cliente ? { cliente, conciliacaoMs: cfg.conciliacaoMs, log } : undefined;
  let webhookRegistrado = false;
  const laco = new LacoDeFila(
    async () => {
      if (!pix) return 0;
      if (cfg && cliente && !webhookRegistrado) {
        await cliente
          .registrarWebhook(pix.chave, cfg.webhookUrl)
          .then(() => (cliente.automatico ? cliente.registrarWebhooksAutomatico(cfg.webhookUrl) : undefined))
          .then(
            () => (webhookRegistrado = true),
            (err: unknown) => log.warn({ err }, 'o PSP não registrou o webhook; tento na próxima rodada'),
          );
      }
      const r = await rodadaDeCobranca(app, pix, hojeEm(app.config.timezone), app.config.pagamentos.antecedenciaDias, psp);
      if (Object.values(r).some((n) => n > 0)) log.info(r, 'rodada de cobrança');
      return 0;
    },
    { lote: 1, intervaloMs: app.config.pagamentos.rondaMs, aoFalhar: (err) => log.error({ err }, 'falha na rodada de cobrança') },
  );
  return {
    iniciar: () => (pix ? laco.iniciar() : undefined),
    parar: async () => {
      await laco.parar();
      cliente?.fechar();
    },
  };
});
