import { notificacaoModoPerdidoFim, notificacaoModoPerdidoInicio } from '@rastro/shared/messages';
import type { Executor } from '../../db/client';
import { CANAL_EVENTOS } from '../../lib/canais';
import { tarefaDeFundo } from '../../lib/tarefa-de-fundo';
import { naoEncontrado } from '../../lib/erros';
import type { Principal } from '../../plugins/auth';
import type { Infra } from '../../plugins/infra';
import { avisarGateway, comandosDoModo, comandosDoModoPerdido, enfileirar, pedirLocalizacoes } from '../comandos/service';
import {
  buscarParaAlterar,
  encerrarPerdido,
  iniciarPerdido,
  perdidosParaLocalizar,
  perdidosVencidos,
  quemVeORastreador,
  type LinhaMeuRastreador,
} from './repository';
import { modoPerdidoDe, obterMeuRastreador } from './service';

/**
 * Writes these notifications, with what creating one also does (its push), in one statement on
 * `db`: handed in at composition (modules/index.ts), notificacoes being a layer above.
 */
export type Notificar = (
  db: Executor,
  notificacoes: readonly { usuarioId: number; rastreadorId: number | null; descricao: string }[],
) => Promise<void>;

/** 'HH:mm' in the app's time zone, for the notifications' texts. */
const formatosHora = new Map<string, Intl.DateTimeFormat>();
function hora(d: Date, timeZone: string) {
  let f = formatosHora.get(timeZone);
  if (!f) formatosHora.set(timeZone, (f = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone })));
  return f.format(d);
}

/** A notification to the owner and every co-guardian of the tracker; returns who got it. */
async function avisarQuemVe(tx: Executor, rastreadorId: number, descricao: string, notificar: Notificar) {
  const quem = await quemVeORastreador(tx, rastreadorId);
  await notificar(
    tx,
    quem.map((q) => ({ usuarioId: q.usuarioId, rastreadorId, descricao })),
  );
  return quem.map((q) => q.usuarioId);
}

/** The owner's battery mode again, and a notification: lost-pet mode is over for this link. */
async function encerrar(tx: Executor, l: LinhaMeuRastreador, notificar: Notificar) {
  await encerrarPerdido(tx, l.id);
  await enfileirar(tx, l.rastreadorId, l.usuarioId, comandosDoModo(l));
  return avisarQuemVe(tx, l.rastreadorId, notificacaoModoPerdidoFim(l.descricao), notificar);
}

/** Tells the owner's screens (every instance) that the tracker and the notifications changed. */
async function avisarTelas(deps: Pick<Infra, 'database'>, rastreadorIds: readonly number[], usuarioIds: readonly number[]) {
  if (rastreadorIds.length === 0 && usuarioIds.length === 0) return;
  await deps.database.notify(CANAL_EVENTOS, JSON.stringify({ r: [...new Set(rastreadorIds)], u: [...new Set(usuarioIds)] }));
}

/**
 * PUT /api/usuarios/rastreadores/{id}/modo-perdido. On: GPS on, the shortest interval and a fix
 * now, for `horas` from now (turning it on again extends it). Off: the owner's battery mode is
 * sent again. Both become notifications (`notificar`: with their push). Anyone else's link answers 404.
 */
export async function alterarModoPerdido(
  deps: Pick<Infra, 'config' | 'database' | 'db'>,
  p: Principal,
  id: number,
  f: { ativo: boolean; horas: number },
  notificar: Notificar,
) {
  const r = await deps.db.transaction(async (tx) => {
    // Locked: the server ending the same run at this moment either finished first (and this sees
    // it off) or waits; one end, one notice.
    const atual = await buscarParaAlterar(tx, p.usuarioId, id);
    if (!atual) throw naoEncontrado();
    const ativo = modoPerdidoDe(atual) !== null;
    let avisados: number[] = [];
    if (f.ativo) {
      if (!ativo && atual.perdidoAte !== null) {
        // A run whose time ran out a moment ago, not yet ended by the server: it ends here, and a new one starts.
        await encerrarPerdido(tx, id);
        avisados = await avisarQuemVe(tx, atual.rastreadorId, notificacaoModoPerdidoFim(atual.descricao), notificar);
      }
      const ate = new Date(Date.now() + f.horas * 3_600_000);
      await iniciarPerdido(tx, id, ate);
      if (!ativo) await enfileirar(tx, atual.rastreadorId, p.usuarioId, comandosDoModoPerdido());
      avisados.push(
        ...(await avisarQuemVe(
          tx,
          atual.rastreadorId,
          notificacaoModoPerdidoInicio(atual.descricao, hora(ate, deps.config.timezone)),
          notificar,
        )),
      );
    } else if (atual.perdidoAte !== null) {
      avisados = await encerrar(tx, atual, notificar);
    }
    return { rastreador: await obterMeuRastreador(tx, p, id), rastreadorId: atual.rastreadorId, avisados };
  });
  await avisarGateway(deps, [r.rastreadorId]);
  await avisarTelas(deps, [r.rastreadorId], r.avisados);
  return r.rastreador;
}

/**
 * What the server does on its own for lost-pet mode, on every instance, every few seconds: ends
 * the modes whose time ran out (even with no page open) and asks each lost pet's collar for a fix
 * every `localizarACadaSegundos`. Two instances never do the same row twice (row locks).
 */
export class VigiaModoPerdido {
  private timer: NodeJS.Timeout | undefined;
  private rodada: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: Pick<Infra, 'database' | 'db'>,
    private readonly opcoes: { intervaloMs: number; localizarACadaSegundos: number },
    private readonly aoFalhar: (err: unknown) => void,
    /** Writes the notifications a run's end creates (with their push). */
    private readonly notificar: Notificar,
  ) {}

  iniciar() {
    this.timer = setInterval(() => {
      this.rodada = this.rodada.then(() => this.rodar()).catch(this.aoFalhar);
    }, this.opcoes.intervaloMs);
    this.timer.unref();
  }

  async parar() {
    clearInterval(this.timer);
    await this.rodada;
  }

  /** One pass; resolves when its commands and notices are out. */
  async rodar() {
    const { encerrados, avisados, localizar } = await this.deps.db.transaction(async (tx) => {
      const vencidos = await perdidosVencidos(tx);
      const quem: number[] = [];
      for (const l of vencidos) quem.push(...(await encerrar(tx, l, this.notificar)));
      const alvos = await perdidosParaLocalizar(tx, this.opcoes.localizarACadaSegundos);
      await pedirLocalizacoes(tx, alvos);
      return { encerrados: vencidos, avisados: quem, localizar: alvos };
    });
    const rastreadores = [...encerrados.map((l) => l.rastreadorId), ...localizar.map((l) => l.rastreadorId)];
    if (rastreadores.length > 0) await avisarGateway(this.deps, rastreadores);
    await avisarTelas(
      this.deps,
      encerrados.map((l) => l.rastreadorId),
      avisados,
    );
  }
}

/** The watch on every instance (modules/index.ts), writing through the `notificar` it is handed. */
export const vigiaModoPerdido = (notificar: Notificar) =>
  tarefaDeFundo('meus-rastreadores.vigia', (app) => {
    const log = app.log.child({ modulo: 'modo-perdido' });
    return new VigiaModoPerdido(app, app.config.modoPerdido, (err) => log.warn({ err }, 'falha na ronda do modo perdido'), notificar);
  });
