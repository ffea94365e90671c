import type { SQL } from 'drizzle-orm';

/** A notification to insert: to whom, about which tracker (null: none), and its text. */
export interface NotificacaoNova {
  usuarioId: number;
  rastreadorId: number | null;
  descricao: string;
}

/**
 * What creating notifications also does, in the very statement that inserts them (so atomic with
 * them, with no round trip more on an alarm's path: docs/adr/0025-efeitos-no-typescript.md). Given
 * the name of the rows just created — columns `id`, `usuario_id`, `rastreador_id` (null: no
 * tracker), `descricao`, one row per notification the statement created (a repeat counted into an
 * open one is not there) — it returns one data-modifying statement (`insert … select … from
 * <novas> … returning …`), which runs as a CTE of the insert. Written by the module that owns what
 * it writes: the push module's `enfileirarPush` queues each notification for its user's browsers.
 *
 * Every insert of `notificacoes` takes it as a required argument: the composition hands it to the
 * gateway's alarms and binds it, with `notificar`, into the `Notificar` port of the zones, the
 * activity (gateway/servicos.ts) and lost-pet mode (modules/index.ts). None can forget it.
 */
export type AoCriarNotificacoes = (novas: SQL) => SQL;
