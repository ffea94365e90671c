import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { captchaUsados, parametros } from '../../db/schema';

/** Records a solved challenge; false when it was already used. */
export async function marcarUsado(db: Executor, chave: string, expiraEm: Date): Promise<boolean> {
  const rows = await db.insert(captchaUsados).values({ chave, expiraEm }).onConflictDoNothing().returning({ chave: captchaUsados.chave });
  return rows.length === 1;
}

export async function limparExpirados(db: Executor) {
  await db.delete(captchaUsados).where(lt(captchaUsados.expiraEm, sql`now()`));
}

/** Reads a setting, creating it with `gerar()` if absent (the first writer wins across instances). */
export async function parametroOuCriar(db: Executor, chave: string, gerar: () => string): Promise<string> {
  await db.insert(parametros).values({ chave, valor: gerar() }).onConflictDoNothing();
  const rows = await db
    .select({ valor: parametros.valor })
    .from(parametros)
    .where(sql`${parametros.chave} = ${chave}`);
  const valor = rows[0]?.valor;
  if (valor === undefined) throw new Error(`parametro ${chave} ausente`);
  return valor;
}
