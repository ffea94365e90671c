import { bigserial, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { rastreadores } from '../rastreadores/schema';
import { usuarios } from '../usuarios/schema';

/** Device command queue: PENDENTE → ENVIADO → CONFIRMADO/FALHOU. */
export const comandos = pgTable(
  'comandos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    parametros: jsonb('parametros'),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    usuarioId: integer('usuario_id').references(() => usuarios.id),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    enviadoEm: tz('enviado_em'),
    concluidoEm: tz('concluido_em'),
    erro: text('erro'),
  },
  (t) => [index('comandos_rastreador_status_idx').on(t.rastreadorId, t.status)],
);
