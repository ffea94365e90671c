import { boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { vinculos } from '../meus-rastreadores/schema';
import { usuarios } from '../usuarios/schema';

/** A share link of a pet (issue #19): anyone with its token sees the pet until it expires or is revoked. */
export const linksCompartilhados = pgTable(
  'links_compartilhados',
  {
    id: serial('id').primaryKey(),
    usuarioRastreadorId: integer('usuario_rastreador_id')
      .notNull()
      .references(() => vinculos.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    mensagem: varchar('mensagem', { length: 200 }),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    revogadoEm: tz('revogado_em'),
    /**
     * Who created it: the owner or a co-guardian, whose links are revoked when they stop being one
     * (issue #31). Null for links older than migration 0020.
     */
    criadoPorUsuarioId: integer('criado_por_usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Whether the public page shows its creator's mobile phone (issue #32, migration 0022). */
    compartilharTelefone: boolean('compartilhar_telefone').notNull().default(false),
  },
  (t) => [index('links_compartilhados_vinculo_idx').on(t.usuarioRastreadorId, t.expiraEm)],
);
