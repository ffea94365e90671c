import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { celulas, pontosWifi } from './schema';

/** Samples after which a learned position stops moving much (a moved AP still drifts over). */
const MAX_AMOSTRAS = 50;

export function buscarPontosWifi(db: Executor, macs: string[]) {
  if (macs.length === 0) return Promise.resolve([]);
  return db
    .select({ mac: pontosWifi.mac, latitude: pontosWifi.latitude, longitude: pontosWifi.longitude })
    .from(pontosWifi)
    .where(and(inArray(pontosWifi.mac, macs), eq(pontosWifi.confirmado, true)));
}

export function buscarCelulas(db: Executor, chaves: { mcc: number; mnc: number; lac: number; cellId: number }[]) {
  if (chaves.length === 0) return Promise.resolve([]);
  return db
    .select({
      mcc: celulas.mcc,
      mnc: celulas.mnc,
      lac: celulas.lac,
      cellId: celulas.cellId,
      latitude: celulas.latitude,
      longitude: celulas.longitude,
      alcance: celulas.alcance,
    })
    .from(celulas)
    .where(
      and(
        eq(celulas.confirmado, true),
        or(...chaves.map((c) => and(eq(celulas.mcc, c.mcc), eq(celulas.mnc, c.mnc), eq(celulas.lac, c.lac), eq(celulas.cellId, c.cellId)))),
      ),
    );
}

/**
 * Moves each access point's learned position towards where `rastreadorId` just heard it (running
 * mean); heard by a second tracker, it is confirmed and from then on used.
 */
export async function aprenderPontosWifi(db: Executor, macs: string[], lat: number, lng: number, rastreadorId: number) {
  for (const mac of new Set(macs)) {
    await db
      .insert(pontosWifi)
      .values({ mac, latitude: lat, longitude: lng, rastreadorOrigem: rastreadorId })
      .onConflictDoUpdate({
        target: pontosWifi.mac,
        set: {
          confirmado: sql`${pontosWifi.confirmado} or ${pontosWifi.rastreadorOrigem} is distinct from ${rastreadorId}`,
          latitude: sql`(${pontosWifi.latitude} * ${pontosWifi.amostras} + ${lat}) / (${pontosWifi.amostras} + 1)`,
          longitude: sql`(${pontosWifi.longitude} * ${pontosWifi.amostras} + ${lng}) / (${pontosWifi.amostras} + 1)`,
          amostras: sql`least(${pontosWifi.amostras} + 1, ${MAX_AMOSTRAS})`,
          atualizadoEm: sql`now()`,
        },
      });
  }
}

export interface CelulaConhecida {
  mcc: number;
  mnc: number;
  lac: number;
  cellId: number;
  latitude: number;
  longitude: number;
  alcance?: number;
  amostras?: number;
}

/** Learned cells move and are confirmed like access points; imported ones (OpenCellID) are kept as imported. */
export async function aprenderCelulas(
  db: Executor,
  cells: Omit<CelulaConhecida, 'latitude' | 'longitude'>[],
  lat: number,
  lng: number,
  rastreadorId: number,
) {
  for (const c of cells) {
    await db
      .insert(celulas)
      .values({ mcc: c.mcc, mnc: c.mnc, lac: c.lac, cellId: c.cellId, latitude: lat, longitude: lng, rastreadorOrigem: rastreadorId })
      .onConflictDoUpdate({
        target: [celulas.mcc, celulas.mnc, celulas.lac, celulas.cellId],
        set: {
          confirmado: sql`${celulas.confirmado} or ${celulas.rastreadorOrigem} is distinct from ${rastreadorId}`,
          latitude: sql`case when ${celulas.fonte} = 'FROTA' then (${celulas.latitude} * ${celulas.amostras} + ${lat}) / (${celulas.amostras} + 1) else ${celulas.latitude} end`,
          longitude: sql`case when ${celulas.fonte} = 'FROTA' then (${celulas.longitude} * ${celulas.amostras} + ${lng}) / (${celulas.amostras} + 1) else ${celulas.longitude} end`,
          amostras: sql`least(${celulas.amostras} + 1, ${MAX_AMOSTRAS})`,
          atualizadoEm: sql`now()`,
        },
      });
  }
}

/** Bulk upsert of imported cells (OpenCellID), one multi-row statement per call. */
export async function importarCelulas(db: Executor, lote: CelulaConhecida[]) {
  if (lote.length === 0) return;
  await db
    .insert(celulas)
    .values(lote.map((c) => ({ ...c, alcance: c.alcance ?? 1000, amostras: c.amostras ?? 1, fonte: 'OPENCELLID', confirmado: true })))
    .onConflictDoUpdate({
      target: [celulas.mcc, celulas.mnc, celulas.lac, celulas.cellId],
      set: {
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        alcance: sql`excluded.alcance`,
        amostras: sql`excluded.amostras`,
        fonte: sql`excluded.fonte`,
        confirmado: true,
        atualizadoEm: sql`now()`,
      },
    });
}
