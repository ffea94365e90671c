import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * True when `usuarioId` is an accepted co-guardian of the owner's link `vinculoId` (issue #20): the
 * condition every query that scopes trackers by owner ORs in (ADR 0008: a read may use another
 * module's fragment; only this module writes `guardioes`).
 */
export const ehGuardiao = (vinculoId: AnyPgColumn | SQL, usuarioId: number | SQL) =>
  sql`exists (select 1 from guardioes g where g.usuario_rastreador_id = ${vinculoId} and g.usuario_id = ${usuarioId})`;

/** The same, in raw SQL over an alias (`ur`) of usuario_rastreadores. */
export const ehGuardiaoSql = (alias: string, usuarioId: number) =>
  sql`exists (select 1 from guardioes g where g.usuario_rastreador_id = ${sql.raw(`${alias}.id`)} and g.usuario_id = ${usuarioId})`;
