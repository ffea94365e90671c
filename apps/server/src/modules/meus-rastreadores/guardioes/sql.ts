import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * True when `usuarioId` is an accepted co-guardian of the owner's link `vinculoId` (issue #20): the
 * condition every query that scopes trackers by owner ORs in (ADR 0008: the owner's fragment is how
 * another module's query reads `guardioes`). The user's links are read once (an
 * InitPlan) and matched by id, so `owner = $1 OR id = any(…)` is two index scans; an `exists`
 * per row made the planner walk every link of every owner (bench/api `atual`).
 */
export const ehGuardiao = (vinculoId: AnyPgColumn | SQL, usuarioId: number | SQL) =>
  sql`${vinculoId} = any(array(select g.usuario_rastreador_id from guardioes g where g.usuario_id = ${usuarioId}))`;

/** The same, in raw SQL over an alias (`ur`) of usuario_rastreadores. */
export const ehGuardiaoSql = (alias: string, usuarioId: number | Placeholder) =>
  sql`${sql.raw(`${alias}.id`)} = any(array(select g.usuario_rastreador_id from guardioes g where g.usuario_id = ${usuarioId}))`;
