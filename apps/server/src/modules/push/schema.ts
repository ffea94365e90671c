import { bigserial, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { usuarios } from '../usuarios/schema';

/** A browser's Web Push subscription of a user (issue #18). */
export const pushInscricoes = pgTable(
  'push_inscricoes',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull().unique(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('push_inscricoes_usuario_idx').on(t.usuarioId)],
);

/** What is still to be pushed to a subscription: retried with backoff, never lost on restart. */
export const pushFila = pgTable(
  'push_fila',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inscricaoId: integer('inscricao_id')
      .notNull()
      .references(() => pushInscricoes.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: tz('proxima_tentativa').notNull().defaultNow(),
    ultimoErro: varchar('ultimo_erro', { length: 1000 }),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('push_fila_proxima_idx').on(t.proximaTentativa)],
);
