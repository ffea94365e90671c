import { sql } from 'drizzle-orm';

/**
 * The situation a tracker is in now: ALERTA lasts until `alerta_ate` (30 minutes after an
 * alarm), then the tracker is back to ATIVO (linked) or AGUARDANDO_VINCULO. Columns are
 * qualified by hand: drizzle leaves them bare in a SELECT list, where the subquery's own `id`
 * would win.
 */
export const SITUACAO_EFETIVA_SQL = `(case when "rastreadores"."situacao" <> 'INATIVO' and "rastreadores"."alerta_ate" > now()
  then 'ALERTA' else "rastreadores"."situacao" end)`;
export const situacaoEfetiva = sql<string>`${sql.raw(SITUACAO_EFETIVA_SQL)}`;
