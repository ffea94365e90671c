import { integer, pgView, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * What other modules may read of the access tokens: `v_sessoes` (drizzle/0018_vistas.sql), the
 * session a token's hash opens, never the table (docs/adr/0008-um-dono-por-tabela.md).
 */
export const vSessoes = pgView('v_sessoes', {
  usuarioId: integer('usuario_id').notNull(),
  tokenHash: varchar('token_hash', { length: 64 }).notNull(),
  expiraEm: tz('expira_em').notNull(),
  revogadoEm: tz('revogado_em'),
}).existing();
