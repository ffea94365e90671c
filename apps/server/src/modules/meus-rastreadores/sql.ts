import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The owner's name for a viewer who is not the owner ('Compartilhado por ANA', issue #20); null for
 * the owner. `donoId` is a link's usuario_id; the subquery runs only on a shared pet's row. Used by
 * this module's lists and by the map's current positions (ADR 0008: the owner's fragment).
 */
export const compartilhadoPor = (donoId: AnyPgColumn | SQL, quemVe: number | SQL | Placeholder) =>
  sql<string | null>`case when ${donoId} = ${quemVe} then null else (select u.nome from v_usuarios u where u.id = ${donoId}) end`;
