import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { cidades, estados } from '../lookups/schema';

export const niveis = pgTable('niveis', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 50 }).notNull().unique(),
  isClient: boolean('is_client').notNull().default(false),
});

export const nivelPermissoes = pgTable(
  'nivel_permissoes',
  {
    nivelId: integer('nivel_id')
      .notNull()
      .references(() => niveis.id, { onDelete: 'cascade' }),
    permissao: varchar('permissao', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nivelId, t.permissao] })],
);

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 80 }).notNull(),
    email: varchar('email', { length: 80 }).notNull(),
    senhaHash: text('senha_hash'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    cpf: varchar('cpf', { length: 11 }),
    rg: varchar('rg', { length: 15 }),
    sexo: varchar('sexo', { length: 25 }),
    telefoneCelular: varchar('telefone_celular', { length: 11 }),
    telefoneResidencial: varchar('telefone_residencial', { length: 11 }),
    telefoneComercial: varchar('telefone_comercial', { length: 11 }),
    cep: varchar('cep', { length: 8 }),
    logradouro: varchar('logradouro', { length: 50 }),
    numero: varchar('numero', { length: 5 }),
    complemento: varchar('complemento', { length: 100 }),
    bairro: varchar('bairro', { length: 100 }),
    referencia: varchar('referencia', { length: 100 }),
    estadoId: integer('estado_id').references(() => estados.id),
    cidadeId: integer('cidade_id').references(() => cidades.id),
    nivelId: integer('nivel_id')
      .notNull()
      .references(() => niveis.id),
    situacao: boolean('situacao').notNull().default(true),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('usuarios_cpf_uq').on(t.cpf),
    index('usuarios_nome_idx').on(t.nome),
  ],
);
