import { fromBcd, toBcd } from './bytes';

/** A UTC date from calendar fields, or null when the fields do not name a real instant. */
export function utcDate(year: number, month: number, day: number, hour: number, minute: number, second: number): Date | null {
  const fields = [year, month, day, hour, minute, second];
  if (!fields.every(Number.isInteger)) return null;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 April over to 1 May; the protocol never means that.
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date;
}

/** GPS frames: YY MM DD hh mm ss as plain bytes, year + 2000. */
export function readBinaryTime(bytes: Uint8Array, at = 0): Date | null {
  if (bytes.length < at + 6) return null;
  // Read in place: a copy into an array cost this every GPS frame's decoding 4–6× over (bench/HISTORICO).
  return utcDate(
    2000 + (bytes[at] ?? 0),
    bytes[at + 1] ?? 0,
    bytes[at + 2] ?? 0,
    bytes[at + 3] ?? 0,
    bytes[at + 4] ?? 0,
    bytes[at + 5] ?? 0,
  );
}

/** WI-FI/LBS frames: yymmddhhmmss in BCD. */
export function readBcdTime(bytes: Uint8Array, at = 0): Date | null {
  if (bytes.length < at + 6) return null;
  const f = Array.from(bytes.subarray(at, at + 6), fromBcd);
  if (f.some((v) => v === null)) return null;
  const [yy = 0, mo = 0, dd = 0, hh = 0, mi = 0, ss = 0] = f as number[];
  return utcDate(2000 + yy, mo, dd, hh, mi, ss);
}

function fields(date: Date): [number, number, number, number, number, number] {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid Date');
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()];
}

/** Binary YY MM DD hh mm ss (UTC). Throws RangeError outside 2000–2255. */
export function binaryTimeBytes(date: Date): Uint8Array {
  const [y, ...rest] = fields(date);
  if (y < 2000 || y > 2255) throw new RangeError(`year ${y} does not fit one byte after 2000`);
  return Uint8Array.of(y - 2000, ...rest);
}

/** BCD yymmddhhmmss (UTC). Throws RangeError outside 2000–2099. */
export function bcdTimeBytes(date: Date): Uint8Array {
  const [y, ...rest] = fields(date);
  if (y < 2000 || y > 2099) throw new RangeError(`year ${y} does not fit two BCD digits`);
  return Uint8Array.of(toBcd(y - 2000), ...rest.map(toBcd));
}

/** The 0x30 time packet payload: YYYY (u16) MM DD hh mm ss, UTC. */
export function fullTimeBytes(date: Date): Uint8Array {
  const [y, ...rest] = fields(date);
  if (y > 0xffff || y < 0) throw new RangeError(`year ${y} does not fit u16`);
  return Uint8Array.of(y >> 8, y & 0xff, ...rest);
}
