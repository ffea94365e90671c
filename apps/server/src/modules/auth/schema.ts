import { bigserial, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { usuarios } from '../usuarios/schema';

/** Opaque bearer tokens: only the SHA-256 of the token is stored. */
export const sessoes = pgTable(
  'sessoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    revogadoEm: tz('revogado_em'),
  },
  (t) => [index('sessoes_usuario_idx').on(t.usuarioId)],
);

/** Password links (reset and first access): hashed, single-use, time-limited. */
export const senhaTokens = pgTable(
  'senha_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    usadoEm: tz('usado_em'),
  },
  (t) => [index('senha_tokens_usuario_idx').on(t.usuarioId)],
);
