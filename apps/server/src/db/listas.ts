import { sql } from 'drizzle-orm';

/** `LIKE` patterns match the user's text literally: `%`, `_` and `\` lose their meaning. */
export const escaparLike = (v: string) => v.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The select list of a count query: `db.select(contagem).from(t).where(w)`. */
export const contagem = { n: sql<number>`count(*)::int` };

/**
 * One page of a list and how many rows match the whole filter. The two queries run one after the
 * other (drizzle queries start when awaited), on whatever executor built them.
 */
export async function comTotal<L>(linhas: PromiseLike<L[]>, total: PromiseLike<{ n: number }[]>): Promise<{ rows: L[]; total: number }> {
  const rows = await linhas;
  const [t] = await total;
  return { rows, total: t?.n ?? 0 };
}
