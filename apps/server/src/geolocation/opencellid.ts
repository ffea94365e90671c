import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Executor } from '../db/client';
import { importarCelulas, type CelulaConhecida } from './repository';

/**
 * Reads an OpenCellID CSV (radio,mcc,net,area,cell,unit,lon,lat,range,samples,…) and upserts its
 * cells in batches. Lines that do not parse are counted and skipped. `mccs` keeps only those
 * countries (e.g. [724] for Brazil) when given.
 */
export async function importarOpenCellId(db: Executor, entrada: Readable, opts: { mccs?: number[]; lote?: number } = {}) {
  const tamanho = opts.lote ?? 1000;
  let importadas = 0;
  let ignoradas = 0;
  let lote: CelulaConhecida[] = [];
  for await (const linha of createInterface({ input: entrada, crlfDelay: Infinity })) {
    const c = linha.split(',');
    if (c[0] === 'radio' || linha.trim() === '') continue;
    const [mcc, mnc, lac, cellId, lon, lat, alcance, amostras] = [c[1], c[2], c[3], c[4], c[6], c[7], c[8], c[9]].map(Number);
    const ok =
      [mcc, mnc, lac, cellId, lon, lat].every((n) => n !== undefined && Number.isFinite(n)) &&
      Math.abs(lat ?? 99) <= 90 &&
      Math.abs(lon ?? 999) <= 180;
    if (
      !ok ||
      mcc === undefined ||
      mnc === undefined ||
      lac === undefined ||
      cellId === undefined ||
      lat === undefined ||
      lon === undefined
    ) {
      ignoradas += 1;
      continue;
    }
    if (opts.mccs && !opts.mccs.includes(mcc)) continue;
    lote.push({
      mcc,
      mnc,
      lac,
      cellId,
      latitude: lat,
      longitude: lon,
      alcance: Number.isFinite(alcance) && alcance ? Math.max(100, Math.round(alcance)) : 1000,
      amostras: Number.isFinite(amostras) && amostras ? Math.round(amostras) : 1,
    });
    if (lote.length >= tamanho) {
      await importarCelulas(db, lote);
      importadas += lote.length;
      lote = [];
    }
  }
  await importarCelulas(db, lote);
  importadas += lote.length;
  return { importadas, ignoradas };
}
