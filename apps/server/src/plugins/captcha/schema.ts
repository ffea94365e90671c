import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/** ALTCHA payloads already accepted: each challenge is good once. */
export const captchaUsados = pgTable('captcha_usados', {
  chave: varchar('chave', { length: 128 }).primaryKey(),
  expiraEm: tz('expira_em').notNull(),
});
