import { integer, pgView, varchar } from 'drizzle-orm/pg-core';

/** What other modules may read of states and cities: `v_estados`, `v_cidades` (drizzle/0018_vistas.sql), never the tables (docs/adr/0008-um-dono-por-tabela.md). */
export const vEstados = pgView('v_estados', {
  id: integer('id').notNull(),
  nome: varchar('nome', { length: 50 }).notNull(),
  uf: varchar('uf', { length: 2 }).notNull(),
}).existing();

export const vCidades = pgView('v_cidades', {
  id: integer('id').notNull(),
  nome: varchar('nome', { length: 100 }).notNull(),
  estadoId: integer('estado_id').notNull(),
}).existing();
