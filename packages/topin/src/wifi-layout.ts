import { type CellWidth, type WifiLbsType } from './message';

/**
 * Layout of a WI-FI/LBS body: BCD time (6), LEN access points of 7 bytes, then the cell header
 * (count u8, MCC u16, MNC u8) and `count` cells of LAC + CI + signal byte, then maybe an alarm byte.
 */
export const TIME_BYTES = 6;
export const AP_BYTES = 7;
export const CELL_HEADER_BYTES = 4;

export function cellBytes(width: CellWidth): number {
  return 2 * width + 1;
}

/** Offset of the cell count byte. */
export function cellHeaderOffset(apCount: number): number {
  return TIME_BYTES + AP_BYTES * apCount;
}

/** 4G models (0x1A/0x1B) use TAC u32 + ECI u32; the vendor's older frames use LAC u16 + CI u16. */
export function defaultCellWidth(type: WifiLbsType): CellWidth {
  return type === 0x1a || type === 0x1b ? 4 : 2;
}

/**
 * docs/protocols/TOPIN.md's rule: the width that makes the cells end exactly at the body's end, or one byte
 * before it (the alarm byte); the type's default when both fit (only possible with 0 cells).
 */
export function chooseCellWidth(type: WifiLbsType, cellCount: number, bytesAfterHeader: number): CellWidth | null {
  const fits = (w: CellWidth) => {
    const need = cellCount * cellBytes(w);
    return bytesAfterHeader === need || bytesAfterHeader === need + 1;
  };
  const preferred = defaultCellWidth(type);
  const other: CellWidth = preferred === 2 ? 4 : 2;
  if (fits(preferred)) return preferred;
  return fits(other) ? other : null;
}
