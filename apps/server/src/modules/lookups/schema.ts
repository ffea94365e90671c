import { index, integer, jsonb, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

export const estados = pgTable('estados', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 50 }).notNull(),
  uf: varchar('uf', { length: 2 }).notNull().unique(),
  codigoIbge: smallint('codigo_ibge').notNull().unique(),
});

export const cidades = pgTable(
  'cidades',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    estadoId: integer('estado_id')
      .notNull()
      .references(() => estados.id),
    codigoIbge: integer('codigo_ibge').notNull().unique(),
  },
  (t) => [index('cidades_estado_nome_idx').on(t.estadoId, t.nome)],
);

/** ViaCEP answers kept so a CEP is asked once. */
export const viaCepCache = pgTable('via_cep_cache', {
  cep: varchar('cep', { length: 8 }).primaryKey(),
  resposta: jsonb('resposta').notNull(),
  consultadoEm: tz('consultado_em').notNull().defaultNow(),
});
