import { char, integer, pgTable } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * Rate-limit windows shared by the instances (plugins/rate-limit/database-store.ts): the SHA-256 of
 * the key, the hits in the window and when it ends. UNLOGGED (migration 0021).
 */
export const limiteJanelas = pgTable('limite_janelas', {
  chave: char('chave', { length: 64 }).primaryKey(),
  contagem: integer('contagem').notNull(),
  expiraEm: tz('expira_em').notNull(),
});
