import { sql } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { CANAL_EVENTOS } from '../../lib/canais';

/** A NOTIFY payload stays under 8,000 bytes: ids are at most ~11 characters each. */
const IDS_POR_AVISO = 500;

/**
 * Tells the live channel, when `tx` commits (a NOTIFY inside a transaction is delivered then, or
 * never), that these users' subscriptions or charges changed: their screens re-read them, and their
 * new notifications (a receipt, a reminder) arrive. `rastreadorIds`: pets whose map came back.
 */
export async function avisarAoConfirmar(tx: Executor, usuarioIds: readonly number[], rastreadorIds: readonly number[] = []) {
  const u = [...new Set(usuarioIds)];
  for (let i = 0; i < u.length; i += IDS_POR_AVISO) {
    const parte = u.slice(i, i + IDS_POR_AVISO);
    const aviso = { r: i === 0 ? rastreadorIds : [], u: parte, pg: parte };
    await consultar(tx, sql`select pg_notify(${CANAL_EVENTOS}, ${JSON.stringify(aviso)})`);
  }
}
