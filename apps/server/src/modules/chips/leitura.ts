import { char, integer, pgView, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/** What other modules may read of the chips: `v_chips` (drizzle/0018_vistas.sql), never the table (docs/adr/0008-um-dono-por-tabela.md). */
export const vChips = pgView('v_chips', {
  id: integer('id').notNull(),
  descricao: varchar('descricao', { length: 150 }).notNull(),
  numero: varchar('numero', { length: 11 }).notNull(),
  situacao: char('situacao', { length: 1 }).notNull(),
  usuarioCadastroId: integer('usuario_cadastro_id'),
  dataCadastro: tz('data_cadastro').notNull(),
}).existing();
