import { boolean, check, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from '../../db/colunas';
import { usuarios } from '../usuarios/schema';

/** A subscription plan: price in centavos per period; deactivated, never deleted. */
export const planos = pgTable(
  'planos',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 60 }).notNull(),
    descricao: varchar('descricao', { length: 500 }),
    valorCentavos: integer('valor_centavos').notNull(),
    /** MENSAL or ANUAL. */
    periodo: varchar('periodo', { length: 10 }).notNull(),
    diasCarencia: integer('dias_carencia').notNull().default(7),
    ativo: boolean('ativo').notNull().default(true),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [
    check('planos_valor_positivo', sql`${t.valorCentavos} > 0`),
    check('planos_periodo', sql`${t.periodo} IN ('MENSAL', 'ANUAL')`),
    check('planos_dias_carencia', sql`${t.diasCarencia} BETWEEN 0 AND 60`),
  ],
);
