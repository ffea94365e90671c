import { customType, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../../db/colunas';
import { vinculos } from '../schema';

/** PostgreSQL `bytea`: a Buffer in, a Buffer out (pg gives one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The pet's photo (issue #32), one per owner's link: the WebP the server re-encoded from the
 * upload (never the upload), and `versao`, a short hash of it that the photo's URL carries.
 */
export const fotosPets = pgTable('fotos_pets', {
  usuarioRastreadorId: integer('usuario_rastreador_id')
    .primaryKey()
    .references(() => vinculos.id, { onDelete: 'cascade' }),
  imagem: bytea('imagem').notNull(),
  versao: varchar('versao', { length: 16 }).notNull(),
  atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
});
