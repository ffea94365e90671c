import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * Positions and scans, partitioned (migration 0015): by kind (GPS; WIFI and LBS), then by month of
 * `data_hora`, with default partitions for a clock far off. No primary key (it would have to carry
 * both partition keys): `localizacoes_unica_idx` identifies a row; `id` orders ties.
 */
export const localizacoes = pgTable(
  'localizacoes',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    rastreadorId: integer('rastreador_id').notNull(),
    tipo: varchar('tipo', { length: 4 }).notNull(),
    /** The device's own time of the fix or scan. */
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    velocidade: real('velocidade'),
    curso: smallint('curso'),
    /** Accuracy radius in metres (WIFI/LBS). */
    precisao: real('precisao'),
    satelites: smallint('satelites'),
    macAddress: varchar('mac_address', { length: 17 }),
    nivelSinal: smallint('nivel_sinal'),
    codigoPais: smallint('codigo_pais'),
    rede: smallint('rede'),
    codigoArea: integer('codigo_area'),
    identificadorTorre: bigint('identificador_torre', { mode: 'number' }),
    /** The device's clock was more than 5 minutes ahead: kept, never current nor on a route. */
    futura: boolean('futura').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  // Time columns in indexes are ascending: a B-tree is read both ways, so `(x, t)` serves ORDER BY
  // t ASC and t DESC alike, while drizzle's `.desc()` makes `t DESC NULLS LAST`, which matches
  // neither (ORDER BY t DESC means NULLS FIRST) and left the planner scanning other indexes.
  (t) => [
    // One row per fix and per emitter of a scan (a resent frame is stored once). NULLS NOT
    // DISTINCT in the migration: drizzle's index builder has no such option.
    uniqueIndex('localizacoes_unica_idx').on(t.rastreadorId, t.tipo, t.dataHora, t.macAddress, t.codigoArea, t.identificadorTorre),
    index('localizacoes_data_idx').on(t.dataHora),
    // The map: latest position of a tracker and its route over a period (rows with coordinates).
    index('localizacoes_posicao_idx')
      .on(t.rastreadorId, t.dataHora)
      .where(sql`latitude is not null and not futura`),
  ],
);

/**
 * The newest position (with coordinates, not dated ahead) of each tracker and kind, moved only
 * forward, in the same statement that stores positions: the map never reads the history.
 */
export const localizacoesAtuais = pgTable(
  'localizacoes_atuais',
  {
    rastreadorId: integer('rastreador_id').notNull(),
    tipo: varchar('tipo', { length: 4 }).notNull(),
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    precisao: real('precisao'),
    velocidade: real('velocidade'),
  },
  (t) => [primaryKey({ name: 'localizacoes_atuais_pkey', columns: [t.rastreadorId, t.tipo] })],
);

/** Battery and signal history reported by the trackers' status messages; partitioned by month of `data_cadastro` (migration 0015). */
export const baterias = pgTable(
  'baterias',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    rastreadorId: integer('rastreador_id').notNull(),
    bateria: smallint('bateria').notNull(),
    nivelSinal: smallint('nivel_sinal'),
    carregando: boolean('carregando'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  // Ascending, as in localizacoes: read backwards for the newest first.
  (t) => [index('baterias_rastreador_data_idx').on(t.rastreadorId, t.dataCadastro)],
);
