import { char, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { usuarios } from '../usuarios/schema';

export const chips = pgTable(
  'chips',
  {
    id: serial('id').primaryKey(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    /** Digits only, with area code. */
    numero: varchar('numero', { length: 11 }).notNull(),
    situacao: char('situacao', { length: 1 }).notNull().default('A'),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('chips_numero_idx').on(t.numero)],
);
