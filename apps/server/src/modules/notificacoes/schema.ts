import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { usuarios } from '../usuarios/schema';

/** What the owner is told (alarms, power, …), newest first. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    rastreadorId: integer('rastreador_id'),
    descricao: varchar('descricao', { length: 255 }).notNull(),
    lida: boolean('lida').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    /** A device alarm's kind: repeats within the window count here (`contagem`) instead of adding rows. */
    tipo: varchar('tipo', { length: 20 }),
    contagem: integer('contagem').notNull().default(1),
    /** The newest repeat (null: only the first). */
    ultimaEm: tz('ultima_em'),
  },
  // Ascending, as in localizacoes: read backwards for the newest first.
  (t) => [
    index('notificacoes_usuario_data_idx').on(t.usuarioId, t.dataCadastro),
    index('notificacoes_agrupar_idx')
      .on(t.rastreadorId, t.tipo, t.dataCadastro)
      .where(sql`tipo is not null`),
  ],
);
