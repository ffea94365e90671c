import { type Cell } from './message';

/**
 * The ranges decoded fields can take; the decoders drop or refuse what falls outside them.
 *
 * Cells (3GPP TS 23.003): modems report identifiers outside their ranges
 * for "no network" (MCC 0xFFFF, LAC 0xFFFE/0xFFFF), and such a cell locates nothing: the
 * decoder drops it rather than hand on a value no column or lookup can hold.
 */
export const MAX_MCC = 999;
export const MAX_MNC = 999;
/** LAC is 16 bits, TAC 16 (LTE) or 24 (NR); 0 and 0xFFFE/0xFFFF are reserved. */
export const MAX_LAC = 0xffffff;
const RESERVED_LAC = new Set([0, 0xfffe, 0xffff]);
/** CI is 16 bits, ECI 28, NCI 36. */
export const MAX_CELL_ID = 2 ** 36 - 1;

function inRange(n: number, max: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= max;
}

export function isPlausibleCell(c: Cell): boolean {
  return (
    inRange(c.mcc, MAX_MCC) &&
    inRange(c.mnc, MAX_MNC) &&
    inRange(c.lac, MAX_LAC) &&
    !RESERVED_LAC.has(c.lac) &&
    inRange(c.cellId, MAX_CELL_ID)
  );
}

/** Degrees of a GPS fix: a latitude beyond ±90° or a longitude beyond ±180° is no place. */
export function isPlausibleCoordinate(latitude: number, longitude: number): boolean {
  return Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
}

/**
 * A status frame's battery and signal are percentages. A byte above 100 (a modem's 0xFF for
 * "unknown", a broken gauge) is no reading: the decoder leaves the field out rather than hand on a
 * level that never was.
 */
export const MAX_PERCENT = 100;

export function isPercent(n: number): boolean {
  return inRange(n, MAX_PERCENT);
}
