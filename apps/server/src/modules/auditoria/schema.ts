import { bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id'),
    emuladorId: integer('emulador_id'),
    acao: varchar('acao', { length: 60 }).notNull(),
    detalhe: jsonb('detalhe'),
    ip: varchar('ip', { length: 64 }),
    criadoEm: tz('criado_em').notNull().defaultNow(),
  },
  (t) => [index('auditoria_usuario_idx').on(t.usuarioId, t.criadoEm)],
);
