import { buildFrame, concatBytes, fromHex, requireByte } from '../bytes';
import { GPS_UNITS_PER_DEGREE } from './decode-gps';
import {
  type AccessPoint,
  type AlarmFlags,
  type Cell,
  type CellWidth,
  type GpsMessage,
  type StatusMessage,
  type TopinMessage,
  type WifiLbsMessage,
} from '../message';
import { bcdTimeBytes, binaryTimeBytes } from '../time';

/**
 * What a device sends, for the simulator and the round-trip tests. LEN = body + 1, except in
 * WI-FI/LBS frames (LEN = number of access points). Unrepresentable values throw RangeError.
 */

type Without<T, K extends keyof T> = Omit<T, K>;

export function encodeLogin(imei: string, firmware: number): Uint8Array {
  if (!/^\d{15}$/.test(imei)) throw new RangeError(`IMEI must be 15 digits, got '${imei}'`);
  return buildFrame(0x01, concatBytes(fromHex(`0${imei}`), Uint8Array.of(requireByte('firmware', firmware))));
}

export function encodeHeartbeat(): Uint8Array {
  return buildFrame(0x08);
}

function u16(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function checkCoordinates(latitude: number, longitude: number) {
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw new RangeError(`bad coordinates ${latitude}, ${longitude}`);
}

function alarmByte(alarms: AlarmFlags | undefined): number {
  return alarms ? requireByte('alarm', alarms.raw) : 0;
}

/** 0x10/0x11 (GPS fix) or 0x08/0x09 (GPS format 2), by `type`. Time to the second, UTC. */
export function encodeGps(fix: Without<GpsMessage, 'kind'>): Uint8Array {
  checkCoordinates(fix.latitude, fix.longitude);
  requireByte('speedKmh', fix.speedKmh);
  if (fix.type === 0x08 || fix.type === 0x09) return encodeGpsFormat2(fix);
  if (!Number.isInteger(fix.course) || fix.course < 0 || fix.course > 0x3ff)
    throw new RangeError(`course must be 0–1023, got ${fix.course}`);
  if (!Number.isInteger(fix.satellites) || fix.satellites < 0 || fix.satellites > 15)
    throw new RangeError(`satellites must be 0–15, got ${fix.satellites}`);
  const flags = fix.course | (fix.latitude >= 0 ? 1 << 10 : 0) | (fix.longitude < 0 ? 1 << 11 : 0) | (fix.valid ? 1 << 12 : 0);
  const body = [
    ...binaryTimeBytes(fix.time),
    0x90 | fix.satellites, // high nibble: "GPS info length", 9 in the vendor's sample
    ...u32(Math.round(Math.abs(fix.latitude) * GPS_UNITS_PER_DEGREE)),
    ...u32(Math.round(Math.abs(fix.longitude) * GPS_UNITS_PER_DEGREE)),
    fix.speedKmh,
    ...u16(flags),
  ];
  if (fix.altitude !== undefined || fix.alarms !== undefined) {
    const altitude = fix.altitude ?? 0;
    if (!Number.isInteger(altitude) || altitude < -32768 || altitude > 32767)
      throw new RangeError(`altitude must fit int16, got ${altitude}`);
    body.push(...u16(altitude & 0xffff), alarmByte(fix.alarms));
  }
  return buildFrame(fix.type, body);
}

/** Whole degrees, then a sign nibble (8 = negative; docs/protocols/TOPIN.md only says "≠ 0") and 20 bits of millionths. */
function format2Coordinate(value: number): number[] {
  let degrees = Math.floor(Math.abs(value));
  let millionths = Math.round((Math.abs(value) - degrees) * 1_000_000);
  if (millionths === 1_000_000) {
    degrees += 1;
    millionths = 0;
  }
  const sign = value < 0 && (degrees > 0 || millionths > 0) ? 0x80 : 0;
  return [degrees, sign | (millionths >> 16), (millionths >> 8) & 0xff, millionths & 0xff];
}

function encodeGpsFormat2(fix: Without<GpsMessage, 'kind'>): Uint8Array {
  if (!(fix.course >= 0 && fix.course < 512)) throw new RangeError(`course must be 0–511, got ${fix.course}`);
  requireByte('satellites', fix.satellites);
  const position = [...format2Coordinate(fix.latitude), ...format2Coordinate(fix.longitude)];
  // The second coordinate pair is undocumented; repeating the first is what the vendor sample looks like.
  const body = [...binaryTimeBytes(fix.time), ...position, ...position, fix.speedKmh, Math.floor(fix.course / 2), fix.satellites];
  return buildFrame(fix.type, body);
}

/** A status frame's fields as bytes: the battery byte is always sent, whatever its value. */
export type StatusFields = Without<StatusMessage, 'kind' | 'type' | 'battery'> & { battery: number };

/** Optional fields go in order: signal, temperature, charging, heart rate; temperature may be left out. */
export function encodeStatus(s: StatusFields): Uint8Array {
  const body = [
    requireByte('battery', s.battery),
    requireByte('firmware', s.firmware),
    requireByte('timezone', s.timezone),
    requireByte('statusIntervalMin', s.statusIntervalMin),
  ];
  const later = s.temperatureRaw !== undefined || s.charging !== undefined || s.heartRate !== undefined;
  if (s.signal === undefined && later) throw new RangeError('signal is required before temperature, charging or heart rate');
  if (s.heartRate !== undefined && s.charging === undefined) throw new RangeError('charging is required before heart rate');
  if (s.signal !== undefined) body.push(requireByte('signal', s.signal));
  if (s.temperatureRaw !== undefined) {
    if (!Number.isInteger(s.temperatureRaw) || s.temperatureRaw < 0 || s.temperatureRaw > 0xffffff)
      throw new RangeError('temperatureRaw must fit 24 bits');
    body.push(...u32(s.temperatureRaw).slice(1));
  }
  if (s.charging !== undefined) body.push(s.charging ? 1 : 0);
  if (s.heartRate !== undefined) body.push(requireByte('heartRate', s.heartRate));
  return buildFrame(0x13, body);
}

function macBytes(mac: string): number[] {
  if (!/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$/.test(mac)) throw new RangeError(`bad MAC '${mac}'`);
  return Array.from(fromHex(mac.replace(/:/g, '')));
}

function accessPointBytes(ap: AccessPoint): number[] {
  return [...macBytes(ap.mac), requireByte('signalDbm (negated)', 0 - ap.signalDbm)];
}

function cellFields(cell: Cell, width: CellWidth): number[] {
  const max = width === 2 ? 0xffff : 0xffffffff;
  for (const [name, v] of [
    ['lac', cell.lac],
    ['cellId', cell.cellId],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`${name} ${v} does not fit ${width} bytes`);
  }
  const field = width === 2 ? u16 : u32;
  return [...field(cell.lac), ...field(cell.cellId), requireByte('cell signal', cell.signal)];
}

/** LEN = number of access points; MCC/MNC of the frame are `mcc`/`mnc` (one pair per frame). */
export function encodeWifiLbs(m: Without<WifiLbsMessage, 'kind' | 'buffered'>): Uint8Array {
  if (m.accessPoints.length > 0xff || m.cells.length > 0xff) throw new RangeError('at most 255 access points and 255 cells');
  if (!Number.isInteger(m.mcc) || m.mcc < 0 || m.mcc > 0xffff) throw new RangeError(`mcc must fit u16, got ${m.mcc}`);
  const body = [
    ...bcdTimeBytes(m.time),
    ...m.accessPoints.flatMap(accessPointBytes),
    m.cells.length,
    ...u16(m.mcc),
    requireByte('mnc', m.mnc),
    ...m.cells.flatMap((c) => cellFields(c, m.cellWidth)),
  ];
  if (m.alarm !== undefined) body.push(alarmByte(m.alarm));
  return buildFrame(m.type, body, m.accessPoints.length);
}

export type SimpleKind = 'sleep' | 'timeRequest' | 'lowBattery' | 'vibration' | 'sos';

const SIMPLE_TYPES: Record<SimpleKind, number> = { sleep: 0x14, timeRequest: 0x30, lowBattery: 0x81, vibration: 0x94, sos: 0x99 };

/** Body-less device messages: sleep (0x14), time request (0x30), low battery (0x81), vibration (0x94), SOS (0x99). */
export function encodeAlarm(kind: SimpleKind): Uint8Array {
  return buildFrame(SIMPLE_TYPES[kind]);
}

/** 0x56: flag 00 = collar taken off, 01 = worn. */
export function encodeCollar(removed: boolean): Uint8Array {
  return buildFrame(0x56, [removed ? 0x00 : 0x01]);
}

export function encodeCharger(connected: boolean): Uint8Array {
  return buildFrame(connected ? 0x82 : 0x83);
}

/** 0x80 from the device: why "locate now" produced no position (1–7). */
export function encodeLocateAnswer(reason: number): Uint8Array {
  return buildFrame(0x80, [requireByte('reason', reason)]);
}

/** Any decoded message back to bytes. `malformed` has no bytes and throws RangeError. */
export function encodeMessage(msg: TopinMessage): Uint8Array {
  switch (msg.kind) {
    case 'login':
      return encodeLogin(msg.imei, msg.firmware);
    case 'heartbeat':
      return encodeHeartbeat();
    case 'gps':
      return encodeGps(msg);
    case 'status':
      // Decoded from a byte above 100: which byte it was is gone.
      if (msg.battery === undefined) throw new RangeError('a status without its battery has no encoding');
      return encodeStatus({ ...msg, battery: msg.battery });
    case 'wifiLbs':
      return encodeWifiLbs(msg);
    case 'collar':
      return encodeCollar(msg.removed);
    case 'locateAnswer':
      return encodeLocateAnswer(msg.reason);
    case 'charger':
      return encodeCharger(msg.connected);
    case 'sleep':
    case 'timeRequest':
    case 'lowBattery':
    case 'vibration':
    case 'sos':
      return encodeAlarm(msg.kind);
    case 'unknown':
      return buildFrame(msg.type, msg.body, msg.length);
    case 'malformed':
      throw new RangeError(`a malformed 0x${msg.type.toString(16)} message has no encoding`);
  }
}
