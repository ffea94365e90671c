import { notificacaoRepetida } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { Notificacao } from '@rastro/shared/schemas/notificacoes';
import type { Executor } from '../../db/client';
import { toIsoUtc } from '../../db/timestamps';
import { pagina, type Paginacao } from '../../lib/paginacao';
import { quemVeORastreador } from '../meus-rastreadores/service';
import { marcarAlerta } from '../rastreadores/alteracoes-service';
import type { AoCriarNotificacoes, NotificacaoNova } from './efeitos';
import * as repo from './repository';

export { marcarLidas, naoLidas, ultimoId } from './repository';
export type { AoCriarNotificacoes, NotificacaoNova } from './efeitos';

/** The kinds of device alarm: repeats of one kind from one tracker are coalesced (docs/adr/0017). */
export type TipoAlarme = 'SOS' | 'VIBRACAO' | 'BATERIA_FRACA' | 'COLEIRA_RETIRADA';

export interface RegrasAlarmes {
  /** Repeats within this time of the kind's first alarm count into its notification (ALERTAS_JANELA_SEGUNDOS). */
  janelaMs: number;
}

export const REGRAS_ALARMES_PADRAO: RegrasAlarmes = { janelaMs: 60_000 };

const DESCRICAO_MAX = 255;

/**
 * An alarm from a device, to the database: the tracker is in ALERTA for 30 minutes and whoever
 * sees it now — its owner (it may have been linked since the device logged in) and co-guardians —
 * is told. The first alarm of a kind is a new notification (and `aoCriar` runs over it: a push);
 * where one is open in the window, it counts one more and turns unread again, with no new row and
 * no new push. `AlarmesDoRastreador` (alarmes.ts) calls this for the first alarm of a window and
 * counts the repeats in memory. Returns who was told and their notifications of this kind in the
 * window.
 */
export async function registrarAlarme(
  db: Executor,
  rastreadorId: number,
  tipo: TipoAlarme,
  texto: (descricao: string | null) => string,
  regras: RegrasAlarmes,
  aoCriar: AoCriarNotificacoes,
) {
  await marcarAlerta(db, rastreadorId);
  const quem = await quemVeORastreador(db, rastreadorId);
  if (quem.length === 0) return { usuarioIds: [], abertas: [] };
  const abertas = await repo.contarOuInserir(
    db,
    {
      rastreadorId,
      tipo,
      janelaMs: regras.janelaMs,
      lista: quem.map((q) => ({ usuarioId: q.usuarioId, descricao: texto(q.descricao).slice(0, DESCRICAO_MAX) })),
    },
    aoCriar,
  );
  return { usuarioIds: quem.map((q) => q.usuarioId), abertas };
}

/** Repeats of an alarm counted in memory, written at once (and the tracker's ALERTA renewed). Returns who was told. */
export async function somarRepeticoes(db: Executor, rastreadorId: number, ids: readonly number[], n: number, ultimaEm: Date) {
  await marcarAlerta(db, rastreadorId);
  return (await repo.somarRepeticoes(db, ids, n, ultimaEm)).map((r) => r.usuarioId);
}

const relogios = new Map<string, Intl.DateTimeFormat>();
function hora(quando: Date | string, timezone: string) {
  let f = relogios.get(timezone);
  if (!f) relogios.set(timezone, (f = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: timezone })));
  return f.format(new Date(quando));
}

/** A notification as the list and the live channel show it: a repeated alarm says how many and the newest's time. */
function comoSeMostra(
  n: { id: number; dataCadastro: Date | string; descricao: string; lida: boolean; contagem: number; ultimaEm: Date | string | null },
  timezone: string,
): Notificacao {
  const descricao =
    n.contagem > 1 && n.ultimaEm !== null
      ? notificacaoRepetida(n.descricao, n.contagem, hora(toIsoUtc(n.ultimaEm), timezone))
      : n.descricao;
  return { id: n.id, dataCadastro: toIsoUtc(n.dataCadastro), descricao, lida: n.lida };
}

/** GET /api/notificacoes: a user's notifications, newest first, as the list shows them. */
export async function listarNotificacoes(db: Executor, usuarioId: number, f: Paginacao, timezone: string): Promise<Page<Notificacao>> {
  const { rows, total } = await repo.listar(db, usuarioId, f);
  return pagina(
    rows.map((n) => comoSeMostra(n, timezone)),
    total,
    f,
  );
}

/**
 * For the live channel, for every user told at once: their notifications newer than their
 * `depoisDe`, oldest first, as shown, and their unread count (two statements, whatever the number
 * of users).
 */
export async function novasDeCada(
  db: Executor,
  pedidos: readonly { usuarioId: number; depoisDe: number }[],
  timezone: string,
): Promise<Map<number, { notificacoes: Notificacao[]; naoLidas: number }>> {
  const [linhas, contagens] = await Promise.all([
    repo.novasDeCada(db, pedidos),
    repo.naoLidasDeCada(
      db,
      pedidos.map((p) => p.usuarioId),
    ),
  ]);
  const porUsuario = new Map(
    pedidos.map((p) => [p.usuarioId, { notificacoes: [] as Notificacao[], naoLidas: contagens.get(p.usuarioId) ?? 0 }]),
  );
  for (const n of linhas) porUsuario.get(n.usuarioId)?.notificacoes.push(comoSeMostra(n, timezone));
  return porUsuario;
}

/**
 * Notifications raised by something other than the device (a zone transition, lost-pet mode, an
 * activity goal), texts cut to fit, in one statement with `aoCriar` (each is pushed to its user's
 * browsers). The composition binds `aoCriar` and hands it to those modules as their `Notificar` port.
 */
export async function notificar(db: Executor, lista: readonly NotificacaoNova[], aoCriar: AoCriarNotificacoes) {
  await repo.inserirVarias(
    db,
    lista.map((n) => ({ ...n, descricao: n.descricao.slice(0, DESCRICAO_MAX) })),
    aoCriar,
  );
}
