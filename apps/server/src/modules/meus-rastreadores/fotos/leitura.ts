import { integer, pgView, varchar } from 'drizzle-orm/pg-core';

/**
 * What other modules may read of the pets' photos: `v_fotos_pets` (drizzle/0022_fotos_pets.sql),
 * which links have one and its version, never the image (docs/adr/0008-um-dono-por-tabela.md).
 */
export const vFotosPets = pgView('v_fotos_pets', {
  usuarioRastreadorId: integer('usuario_rastreador_id').notNull(),
  versao: varchar('versao', { length: 16 }).notNull(),
}).existing();
