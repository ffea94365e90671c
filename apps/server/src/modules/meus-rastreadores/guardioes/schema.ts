import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../../db/colunas';
import { usuarios } from '../../usuarios/schema';
import { vinculos } from '../schema';

/**
 * Co-guardians of a tracker (issue #20): a pending invite (e-mail, token hash, expiry) until someone
 * accepts it (`usuarioId`, `aceitoEm`). Goes with the owner's link.
 */
export const guardioes = pgTable(
  'guardioes',
  {
    id: serial('id').primaryKey(),
    usuarioRastreadorId: integer('usuario_rastreador_id')
      .notNull()
      .references(() => vinculos.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 150 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    /** SHA-256 of the invite's single-use token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiraEm: tz('expira_em').notNull(),
    aceitoEm: tz('aceito_em'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardioes_vinculo_usuario_idx')
      .on(t.usuarioRastreadorId, t.usuarioId)
      .where(sql`${t.usuarioId} is not null`),
    index('guardioes_usuario_idx')
      .on(t.usuarioId)
      .where(sql`${t.usuarioId} is not null`),
    index('guardioes_vinculo_idx').on(t.usuarioRastreadorId),
  ],
);
