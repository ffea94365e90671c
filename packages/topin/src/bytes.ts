/** Byte helpers shared by the framer, the decoders and the encoders. Portable: Uint8Array only. */

export const START = 0x78;
export const CR = 0x0d;
export const LF = 0x0a;

/** `78 78 LEN TYPE payload 0D 0A`. LEN defaults to payload length + 1, as docs/protocols/TOPIN.md prescribes. */
export function buildFrame(type: number, payload: ArrayLike<number> = [], len = payload.length + 1): Uint8Array {
  const out = new Uint8Array(payload.length + 6);
  out[0] = START;
  out[1] = START;
  out[2] = len & 0xff;
  out[3] = type & 0xff;
  out.set(payload, 4);
  out[out.length - 2] = CR;
  out[out.length - 1] = LF;
  return out;
}

export function isCrlfAt(buf: Uint8Array, i: number): boolean {
  return buf[i] === CR && buf[i + 1] === LF;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** Parses hex text; spaces are ignored. Throws on odd length or non-hex characters. */
export function fromHex(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) throw new RangeError(`not hex: ${text}`);
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** ASCII text (the protocol's phone numbers and positions) to bytes. */
export function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0x7f);
}

export function fromAscii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

export function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** 0x42 → 42; null when a nibble is not a decimal digit. */
export function fromBcd(byte: number): number | null {
  const hi = byte >> 4;
  const lo = byte & 0x0f;
  return hi > 9 || lo > 9 ? null : hi * 10 + lo;
}

/** 42 → 0x42, for 0–99. */
export function toBcd(value: number): number {
  if (!Number.isInteger(value) || value < 0 || value > 99) throw new RangeError(`BCD needs 0–99, got ${value}`);
  return ((value / 10) | 0) * 16 + (value % 10);
}

export function isByte(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= 0xff;
}

export function requireByte(name: string, n: number): number {
  if (!isByte(n)) throw new RangeError(`${name} must be an integer 0–255, got ${n}`);
  return n;
}
