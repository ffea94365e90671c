import { bigint, boolean, doublePrecision, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../db/colunas';

/** Access points learned from the fleet's GPS fixes (running average of where they were heard). */
export const pontosWifi = pgTable('pontos_wifi', {
  mac: varchar('mac', { length: 17 }).primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  amostras: integer('amostras').notNull().default(1),
  /** The tracker that first heard it; a second one confirms it (one device alone is not believed). */
  rastreadorOrigem: integer('rastreador_origem'),
  confirmado: boolean('confirmado').notNull().default(false),
  atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
});

/** Cells learned from the fleet or imported from OpenCellID. */
export const celulas = pgTable(
  'celulas',
  {
    mcc: smallint('mcc').notNull(),
    mnc: smallint('mnc').notNull(),
    lac: integer('lac').notNull(),
    cellId: bigint('cell_id', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Typical range in metres. */
    alcance: integer('alcance').notNull().default(1000),
    amostras: integer('amostras').notNull().default(1),
    fonte: varchar('fonte', { length: 10 }).notNull().default('FROTA'),
    /** As in pontos_wifi; imported cells are confirmed. */
    rastreadorOrigem: integer('rastreador_origem'),
    confirmado: boolean('confirmado').notNull().default(false),
    atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mcc, t.mnc, t.lac, t.cellId] })],
);
