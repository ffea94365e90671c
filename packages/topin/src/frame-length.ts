import { type CellWidth, type WifiLbsType, isWifiLbsType } from './message';
import { CELL_HEADER_BYTES, cellBytes, cellHeaderOffset, defaultCellWidth } from './wifi-layout';

/** Who sends the frames a framer reads: a device (the gateway's view) or the server (a simulated device's view). */
export type FrameSource = 'device' | 'server';

/**
 * Where to look for the closing `0D 0A`, as body offsets (0 = the byte after TYPE).
 * - `from`: the first `0D 0A` at or after `offset` and, when `to` is given, at or before it: a
 *   header with no `0D 0A` there is not a frame.
 * - `candidates`: the first of `offsets`, in that order, holding `0D 0A`; failing all, the first
 *   at or after `thenFrom`. Each offset is decided only once all of them before it are.
 * - `need`: the decision needs `bytes` body bytes first.
 * - `none`: no frame starts here (a type the source never sends).
 */
export type EndRule =
  | { kind: 'from'; offset: number; to?: number }
  | { kind: 'candidates'; offsets: number[]; thenFrom: number }
  | { kind: 'need'; bytes: number }
  | { kind: 'none' };

/**
 * LEN should be body + 1, but devices send body (vendor GPS sample), body + 2 (vendor status
 * samples) and body + 4 (login captures). The search starts this many bytes before the end LEN
 * implies, and is then clamped to the body lengths the type can have.
 */
export const LEN_SLACK = 2;

interface Bounds {
  min: number;
  max: number;
}

const ANY: Bounds = { min: 0, max: Infinity };
const EMPTY: Bounds = { min: 0, max: 0 };

/** Body lengths docs/protocols/TOPIN.md allows for each device message type; undefined for a type no device sends. */
function deviceBounds(type: number, len: number): Bounds | undefined {
  switch (type) {
    case 0x01:
      return { min: 9, max: 9 }; // BCD IMEI (8) + firmware (1)
    case 0x08:
      // Heartbeat (empty) or GPS format 2 (6 + 8 + 8 + 3 bytes and a tail of unknown length).
      return len >= 16 ? { min: 25, max: Infinity } : EMPTY;
    case 0x09:
      return { min: 25, max: Infinity };
    case 0x10:
    case 0x11:
      return { min: 18, max: 21 }; // + altitude (2) and alarm (1) when present
    case 0x13:
      return { min: 4, max: 10 }; // battery, firmware, timezone, interval; signal, temperature (3), charging, heart rate
    case 0x56:
    case 0x80:
      // One flag/reason byte; neither can be 0x0D, so an early 0D 0A is the real end.
      return { min: 0, max: 1 };
    case 0x14:
    case 0x30:
    case 0x81:
    case 0x82:
    case 0x83:
    case 0x94:
    case 0x99:
      return EMPTY;
    case 0x57: // settings sync: the device asks with an empty frame; vendor variants may carry more
      return ANY;
    default:
      return undefined;
  }
}

/** Body lengths of what the server sends (replies and commands). */
function serverBounds(type: number): Bounds {
  switch (type) {
    case 0x01:
      return { min: 0, max: 1 }; // login accepted; Traccar adds a 01 byte
    case 0x44:
    case 0x15:
      return EMPTY;
    case 0x30:
      return { min: 7, max: 7 };
    case 0x10:
    case 0x11:
    case 0x17:
    case 0x18:
    case 0x19:
    case 0x1a:
    case 0x1b:
      return { min: 6, max: 6 }; // ack: the 6 time bytes (LEN is echoed from the device's frame)
    case 0x69:
      return { min: 6, max: Infinity }; // ack, or the resolved position in ASCII
    case 0x13:
      return { min: 0, max: 10 }; // empty reply, interval byte, or the status frame echoed
    case 0x80:
      return { min: 0, max: 1 };
    case 0x97:
      return { min: 2, max: 2 };
    case 0x48:
    case 0x33:
      return { min: 1, max: 1 };
    case 0x46:
      return { min: 5, max: 5 };
    default:
      return ANY;
  }
}

/** `body` holds the body bytes received so far (possibly more than the frame). */
export function endRule(source: FrameSource, type: number, len: number, body: Uint8Array): EndRule {
  if (source === 'device' && isWifiLbsType(type)) return wifiLbsEndRule(type, len, body);
  const bounds = source === 'device' ? deviceBounds(type, len) : serverBounds(type);
  // A bogus header (`78 78 FF` and noise) would otherwise hold back everything after it for
  // LEN bytes: the scan moves on at once.
  if (!bounds) return { kind: 'none' };
  const { min, max } = bounds;
  const offset = Math.max(min, Math.min(max, len - 1) - LEN_SLACK);
  return Number.isFinite(max) ? { kind: 'from', offset, to: max } : { kind: 'from', offset };
}

/**
 * In WI-FI/LBS frames LEN counts access points; the cell count follows them. The body ends right
 * after the cells or one alarm byte later. Those places are tried for the type's default width
 * first, then for the other width; a frame matching none ends at the first 0D 0A after all four.
 * Trying the default first means a 4G frame (0x1A/0x1B) is never cut at a 0D 0A that happens to
 * sit where 2-byte cells would end; a 2-byte 0x18 frame is emitted as soon as it is complete.
 */
function wifiLbsEndRule(type: WifiLbsType, apCount: number, body: Uint8Array): EndRule {
  const countAt = cellHeaderOffset(apCount);
  const count = body[countAt];
  if (count === undefined) return { kind: 'need', bytes: countAt + 1 };
  const base = countAt + CELL_HEADER_BYTES;
  const preferred = defaultCellWidth(type);
  const widths: CellWidth[] = preferred === 2 ? [2, 4] : [4, 2];
  const offsets = [...new Set(widths.flatMap((w) => [base + count * cellBytes(w), base + count * cellBytes(w) + 1]))];
  return { kind: 'candidates', offsets, thenFrom: base + count * cellBytes(4) + 2 };
}
