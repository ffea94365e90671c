import { sql } from 'drizzle-orm';
import { pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Instance-wide settings generated on first start (e.g. the captcha HMAC secret when unset). */
export const parametros = pgTable('parametros', {
  chave: varchar('chave', { length: 60 }).primaryKey(),
  valor: text('valor').notNull(),
});

/**
 * Secrets and settings the server generates once and keeps in `parametros` (the captcha secret,
 * the VAPID keys): infrastructure, shared by the plugins and modules that need one.
 */
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
