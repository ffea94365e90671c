import { bigserial, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/** Transactional outbox: an e-mail is a row before it is a message. */
export const emailFila = pgTable(
  'email_fila',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    destinatario: varchar('destinatario', { length: 120 }).notNull(),
    assunto: varchar('assunto', { length: 200 }).notNull(),
    texto: text('texto').notNull(),
    html: text('html').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDENTE'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: tz('proxima_tentativa').notNull().defaultNow(),
    ultimoErro: text('ultimo_erro'),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    enviadoEm: tz('enviado_em'),
  },
  (t) => [index('email_fila_pendentes_idx').on(t.status, t.proximaTentativa)],
);
