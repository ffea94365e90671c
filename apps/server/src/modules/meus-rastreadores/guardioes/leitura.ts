import { integer, pgView, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../../db/colunas';

/**
 * What other modules may read of the co-guardians: `v_guardioes` (drizzle/0018_vistas.sql), never
 * the table (docs/adr/0008-um-dono-por-tabela.md). No invite token hash.
 */
export const vGuardioes = pgView('v_guardioes', {
  id: integer('id').notNull(),
  usuarioRastreadorId: integer('usuario_rastreador_id').notNull(),
  email: varchar('email', { length: 150 }).notNull(),
  usuarioId: integer('usuario_id'),
  expiraEm: tz('expira_em').notNull(),
  aceitoEm: tz('aceito_em'),
  dataCadastro: tz('data_cadastro').notNull(),
}).existing();
