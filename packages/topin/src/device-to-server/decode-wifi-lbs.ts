import { view } from '../bytes';
import { isPlausibleCell } from '../field-domain';
import { type Frame } from '../framer';
import {
  type AccessPoint,
  type Cell,
  type MalformedMessage,
  type WifiLbsMessage,
  type WifiLbsType,
  alarmFlags,
  isBufferedType,
} from '../message';
import { readBcdTime } from '../time';
import { AP_BYTES, CELL_HEADER_BYTES, TIME_BYTES, cellBytes, cellHeaderOffset, chooseCellWidth } from '../wifi-layout';

export function formatMac(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(':');
}

/**
 * 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x69: LEN is the number of access points. Cells whose
 * identifiers fall outside their domain are left out of `cells` (see field-domain.ts).
 */
export function decodeWifiLbs(frame: Frame, type: WifiLbsType): WifiLbsMessage | MalformedMessage {
  const b = frame.body;
  const bad = (reason: string): MalformedMessage => ({ kind: 'malformed', type, reason });
  const apCount = frame.length;
  const headerAt = cellHeaderOffset(apCount);
  if (b.length < headerAt + CELL_HEADER_BYTES) {
    return bad(`${apCount} access points and the cell header need ${headerAt + CELL_HEADER_BYTES} body bytes, got ${b.length}`);
  }
  const time = readBcdTime(b, 0);
  if (!time) return bad('invalid BCD date-time');
  const v = view(b);

  const accessPoints: AccessPoint[] = [];
  for (let i = 0; i < apCount; i++) {
    const at = TIME_BYTES + i * AP_BYTES;
    accessPoints.push({ mac: formatMac(b.subarray(at, at + 6)), signalDbm: 0 - v.getUint8(at + 6) });
  }

  const cellCount = v.getUint8(headerAt);
  const mcc = v.getUint16(headerAt + 1);
  const mnc = v.getUint8(headerAt + 3);
  const cellsAt = headerAt + CELL_HEADER_BYTES;
  const width = chooseCellWidth(type, cellCount, b.length - cellsAt);
  if (!width) return bad(`${b.length - cellsAt} bytes for ${cellCount} cells fit neither 2- nor 4-byte LAC/CI fields`);

  const size = cellBytes(width);
  const cells: Cell[] = [];
  for (let i = 0; i < cellCount; i++) {
    const at = cellsAt + i * size;
    const lac = width === 2 ? v.getUint16(at) : v.getUint32(at);
    const cellId = width === 2 ? v.getUint16(at + 2) : v.getUint32(at + 4);
    const cell = { mcc, mnc, lac, cellId, signal: v.getUint8(at + 2 * width) };
    if (isPlausibleCell(cell)) cells.push(cell);
  }

  const msg: WifiLbsMessage = {
    kind: 'wifiLbs',
    type,
    time,
    accessPoints,
    mcc,
    mnc,
    cells,
    cellWidth: width,
    buffered: isBufferedType(type),
  };
  const alarmAt = cellsAt + cellCount * size;
  if (alarmAt < b.length) msg.alarm = alarmFlags(v.getUint8(alarmAt));
  return msg;
}
