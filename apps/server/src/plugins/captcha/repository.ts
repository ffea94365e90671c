import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { captchaUsados } from './schema';

/** Records a solved challenge; false when it was already used. */
export async function marcarUsado(db: Executor, chave: string, expiraEm: Date): Promise<boolean> {
  const rows = await db.insert(captchaUsados).values({ chave, expiraEm }).onConflictDoNothing().returning({ chave: captchaUsados.chave });
  return rows.length === 1;
}

export async function limparExpirados(db: Executor) {
  await db.delete(captchaUsados).where(lt(captchaUsados.expiraEm, sql`now()`));
}

export { parametroOuCriar } from '../../db/parametros';
