import { sql } from 'drizzle-orm';
import { char, index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { rastreadores } from '../rastreadores/schema';
import { usuarios } from '../usuarios/schema';

/** The owner's link to a tracker, with the owner's settings. One owner per tracker. */
export const vinculos = pgTable(
  'usuario_rastreadores',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id)
      .unique(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    intervaloLocalizacao: smallint('intervalo_localizacao').notNull().default(5),
    economiaBateria: char('economia_bateria', { length: 1 }).notNull().default('F'),
    ultraEconomiaBateria: char('ultra_economia_bateria', { length: 1 }).notNull().default('F'),
    periUltraEconBateria: smallint('peri_ultra_econ_bateria'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    /** Lost-pet mode (issue #19): on from `perdidoDesde` until `perdidoAte`; null when off. */
    perdidoDesde: tz('perdido_desde'),
    perdidoAte: tz('perdido_ate'),
    /** Since when its subscription is suspended (issue #35): the map and history hide it, nothing else stops. */
    suspensoDesde: tz('suspenso_desde'),
    /** When the collar was last asked for a fix in lost mode. */
    perdidoLocalizadoEm: tz('perdido_localizado_em'),
  },
  (t) => [
    index('usuario_rastreadores_usuario_idx').on(t.usuarioId),
    index('usuario_rastreadores_perdido_idx')
      .on(t.perdidoAte)
      .where(sql`${t.perdidoAte} is not null`),
  ],
);
