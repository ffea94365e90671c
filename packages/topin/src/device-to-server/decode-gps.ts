import { view } from '../bytes';
import { isPlausibleCoordinate } from '../field-domain';
import { type Frame } from '../framer';
import { type GpsMessage, type GpsType, type MalformedMessage, alarmFlags } from '../message';
import { readBinaryTime } from '../time';

/** Degrees = value / 1,800,000 (minutes × 30,000). */
export const GPS_UNITS_PER_DEGREE = 1_800_000;

const FIX_BYTES = 18;
const FIX_EXTRA_BYTES = 3;
const NORTH = 1 << 10;
const WEST = 1 << 11;
const VALID = 1 << 12;

function malformed(type: number, reason: string): MalformedMessage {
  return { kind: 'malformed', type, reason };
}

/**
 * 0x10/0x11: time (6), info-length/satellites nibbles, latitude u32, longitude u32, speed u8,
 * course + flags u16; then altitude int16 and an alarm byte when the body holds them.
 */
export function decodeGpsFix(frame: Frame, type: 0x10 | 0x11): GpsMessage | MalformedMessage {
  const b = frame.body;
  if (b.length < FIX_BYTES) return malformed(type, `GPS fix needs ${FIX_BYTES} body bytes, got ${b.length}`);
  const time = readBinaryTime(b, 0);
  if (!time) return malformed(type, 'invalid date-time');
  const v = view(b);
  const flags = v.getUint16(16);
  const latitude = v.getUint32(7) / GPS_UNITS_PER_DEGREE;
  const longitude = v.getUint32(11) / GPS_UNITS_PER_DEGREE;
  if (!isPlausibleCoordinate(latitude, longitude)) return malformed(type, `coordinates out of range: ${latitude}, ${longitude}`);
  const msg: GpsMessage = {
    kind: 'gps',
    type,
    time,
    latitude: flags & NORTH ? latitude : -latitude,
    longitude: flags & WEST ? -longitude : longitude,
    speedKmh: v.getUint8(15),
    course: flags & 0x3ff,
    satellites: v.getUint8(6) & 0x0f,
    valid: (flags & VALID) !== 0,
    buffered: type === 0x11,
  };
  // docs/protocols/TOPIN.md: "if at least 5 bytes remain before the end" counts the 0D 0A (as Traccar reads it).
  if (b.length >= FIX_BYTES + FIX_EXTRA_BYTES) {
    msg.altitude = v.getInt16(FIX_BYTES);
    msg.alarms = alarmFlags(v.getUint8(FIX_BYTES + 2));
  }
  return msg;
}

const FORMAT2_BYTES = 25;

/** Byte 0 whole degrees; then 3 bytes: top nibble ≠ 0 means negative, low 20 bits millionths. */
function readFormat2Coordinate(b: Uint8Array, at: number): number {
  const v = view(b);
  const degrees = v.getUint8(at);
  const rest = (v.getUint8(at + 1) << 16) | v.getUint16(at + 2);
  const value = degrees + (rest & 0x0fffff) / 1_000_000;
  return rest & 0xf00000 ? -value : value;
}

/**
 * 0x08/0x09 with a body: time (6), latitude (4), longitude (4), a second pair (8, skipped),
 * speed u8, course u8 × 2, satellites u8; the tail is undocumented. Valid when the type is 0x08.
 */
export function decodeGpsFormat2(frame: Frame, type: 0x08 | 0x09): GpsMessage | MalformedMessage {
  const b = frame.body;
  if (b.length < FORMAT2_BYTES) return malformed(type, `GPS format 2 needs ${FORMAT2_BYTES} body bytes, got ${b.length}`);
  const time = readBinaryTime(b, 0);
  if (!time) return malformed(type, 'invalid date-time');
  const latitude = readFormat2Coordinate(b, 6);
  const longitude = readFormat2Coordinate(b, 10);
  if (!isPlausibleCoordinate(latitude, longitude)) return malformed(type, `coordinates out of range: ${latitude}, ${longitude}`);
  return {
    kind: 'gps',
    type,
    time,
    latitude,
    longitude,
    speedKmh: b[22] ?? 0,
    course: (b[23] ?? 0) * 2,
    satellites: b[24] ?? 0,
    valid: type === 0x08,
    buffered: type === 0x09,
  };
}

export function isGpsType(type: number): type is GpsType {
  return type === 0x08 || type === 0x09 || type === 0x10 || type === 0x11;
}
