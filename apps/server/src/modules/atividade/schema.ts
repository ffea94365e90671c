import { date, doublePrecision, integer, pgTable, primaryKey, real, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { vinculos } from '../meus-rastreadores/schema';
import { rastreadores } from '../rastreadores/schema';

/** A tracker's activity on one day in APP_TIMEZONE, added to as positions are committed. */
export const atividadeDias = pgTable(
  'atividade_dias',
  {
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    distanciaMetros: doublePrecision('distancia_metros').notNull().default(0),
    segundosAtivos: doublePrecision('segundos_ativos').notNull().default(0),
    segundosRepouso: doublePrecision('segundos_repouso').notNull().default(0),
    /** The day's goal was reached (and notified) at this time: once per day. */
    metaAtingidaEm: tz('meta_atingida_em'),
  },
  (t) => [primaryKey({ columns: [t.rastreadorId, t.data] })],
);

/** Where a tracker's activity computation stands (optimistic lock on `versao`). */
export const atividadeEstados = pgTable('atividade_estados', {
  rastreadorId: integer('rastreador_id')
    .primaryKey()
    .references(() => rastreadores.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  precisao: real('precisao').notNull(),
  ancoraEm: tz('ancora_em').notNull(),
  pendenteDesde: tz('pendente_desde').notNull(),
  ultimo: tz('ultimo').notNull(),
  versao: integer('versao').notNull().default(1),
});

/** The owner's daily goal for a tracker: METROS walked or active MINUTOS. */
export const atividadeMetas = pgTable('atividade_metas', {
  usuarioRastreadorId: integer('usuario_rastreador_id')
    .primaryKey()
    .references(() => vinculos.id, { onDelete: 'cascade' }),
  tipo: varchar('tipo', { length: 10 }).notNull(),
  valor: integer('valor').notNull(),
  dataAtualizacao: tz('data_atualizacao').notNull().defaultNow(),
});
