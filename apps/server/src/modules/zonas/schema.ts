import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { rastreadores } from '../rastreadores/schema';
import { usuarios } from '../usuarios/schema';

/** A safe zone of an owner (issue #17): a circle or a polygon (`pontos`, implicitly closed). */
export const zonas = pgTable(
  'zonas',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 50 }).notNull(),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    raioMetros: doublePrecision('raio_metros'),
    pontos: jsonb('pontos').$type<{ latitude: number; longitude: number }[]>().notNull().default([]),
    alertarSaida: boolean('alertar_saida').notNull().default(true),
    alertarEntrada: boolean('alertar_entrada').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    dataAtualizacao: tz('data_atualizacao').notNull().defaultNow(),
  },
  (t) => [index('zonas_usuario_idx').on(t.usuarioId)],
);

/** The trackers a zone applies to. */
export const zonaRastreadores = pgTable(
  'zona_rastreadores',
  {
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zonaId, t.rastreadorId] }), index('zona_rastreadores_rastreador_idx').on(t.rastreadorId)],
);

/** Where a tracker stands with a zone, as decided with hysteresis; `versao` is an optimistic lock. */
export const zonaEstados = pgTable(
  'zona_estados',
  {
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    estado: varchar('estado', { length: 6 }).notNull(),
    pendentes: smallint('pendentes').notNull().default(0),
    dataHora: tz('data_hora').notNull(),
    versao: integer('versao').notNull().default(1),
    /** Device time of the last crossing: the next one waits ALERTAS_JANELA_SEGUNDOS. */
    transicaoEm: tz('transicao_em'),
  },
  (t) => [primaryKey({ columns: [t.rastreadorId, t.zonaId] })],
);

/** A tracker crossing a zone's border. */
export const eventosZona = pgTable(
  'zona_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 7 }).notNull(),
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Arrived more than 15 minutes after it was taken: recorded, not alerted. */
    atrasado: boolean('atrasado').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('zona_eventos_zona_idx').on(t.zonaId, t.dataHora), index('zona_eventos_rastreador_idx').on(t.rastreadorId, t.dataHora)],
);
