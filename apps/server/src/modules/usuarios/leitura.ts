import { boolean, integer, pgView, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * What other modules may read of the users: `v_usuarios` (drizzle/0018_vistas.sql), never the
 * table (docs/adr/0008-um-dono-por-tabela.md). No password hash, no CPF.
 */
export const vUsuarios = pgView('v_usuarios', {
  id: integer('id').notNull(),
  nome: varchar('nome', { length: 80 }).notNull(),
  email: varchar('email', { length: 80 }).notNull(),
  nivelId: integer('nivel_id').notNull(),
  situacao: boolean('situacao').notNull(),
  estadoId: integer('estado_id'),
  cidadeId: integer('cidade_id'),
  dataCadastro: tz('data_cadastro').notNull(),
}).existing();
