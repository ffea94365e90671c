import { ascii, buildFrame, toBcd } from '../bytes';
import { type Frame } from '../framer';
import { isWifiLbsType } from '../message';
import { fullTimeBytes } from '../time';

/**
 * What the server sends: replies and commands, each `78 78 LEN TYPE payload 0D 0A` with
 * LEN = payload length + 1 unless said otherwise. Invalid arguments throw RangeError; these
 * are called by our own code, never with bytes from a device.
 */

/** `78 78 01 01 0D 0A` accepted, `78 78 01 44 0D 0A` unknown device (0x44 also stops uploads). */
export function loginReply(accepted: boolean): Uint8Array {
  return buildFrame(accepted ? 0x01 : 0x44);
}

/**
 * 0x30 with YYYY MM DD hh mm ss in UTC: after a login and when the device asks. LEN is 07, the
 * payload length, as docs/protocols/TOPIN.md, the vendor document and Traccar write it (not payload + 1).
 */
export function timePacket(date: Date): Uint8Array {
  const payload = fullTimeBytes(date);
  return buildFrame(0x30, payload, payload.length);
}

function timeBytes(time: Uint8Array): Uint8Array {
  if (time.length !== 6) throw new RangeError(`an ack carries 6 time bytes, got ${time.length}`);
  return time;
}

/**
 * Ack of a GPS fix: the fix's 6 time bytes. Without it a 0x11 fix is resent forever. The vendor
 * server sends LEN 00 and Traccar echoes the device's LEN (the vectors' replies); devices accept
 * both. Pass `len` to echo; by default LEN = 7.
 */
export function gpsAck(type: 0x10 | 0x11, time: Uint8Array, len?: number): Uint8Array {
  return buildFrame(type, timeBytes(time), len);
}

/** Ack of a WI-FI/LBS frame (0x17, 0x18, 0x19, 0x1A, 0x1B, 0x69): its 6 BCD time bytes. */
export function wifiLbsAck(type: number, time: Uint8Array, len?: number): Uint8Array {
  if (!isWifiLbsType(type)) throw new RangeError(`0x${type.toString(16)} is not a WI-FI/LBS type`);
  return buildFrame(type, timeBytes(time), len);
}

/**
 * The ack a frame needs whatever its content (even malformed): GPS fixes and WI-FI/LBS frames
 * get their time bytes back with the LEN echoed, as in the vectors. Null for other types, and
 * when the body is shorter than the time bytes.
 */
export function ackFor(frame: Frame): Uint8Array | null {
  if (frame.body.length < 6) return null;
  const time = frame.body.subarray(0, 6);
  if (frame.type === 0x10 || frame.type === 0x11) return gpsAck(frame.type, time, frame.length);
  if (isWifiLbsType(frame.type)) return wifiLbsAck(frame.type, time, frame.length);
  return null;
}

/** The vendor server's answer to a status frame (Traccar echoes the frame instead; both work). */
export function statusReply(): Uint8Array {
  return buildFrame(0x13);
}

/**
 * 0x69 with the resolved position in ASCII: `+22.676746,+113.940940`. Always 6 decimals (the
 * vendor sample trims zeros), so the payload is never 6 bytes long like an ack's time.
 */
export function positionReply(latitude: number, longitude: number): Uint8Array {
  if (!(Math.abs(latitude) <= 90) || !(Math.abs(longitude) <= 180)) throw new RangeError('latitude/longitude out of range');
  const fmt = (v: number) => (v < 0 ? '-' : '+') + Math.abs(v).toFixed(6);
  return buildFrame(0x69, ascii(`${fmt(latitude)},${fmt(longitude)}`));
}

/**
 * "Sincronizar": 0x80 asks for a position now (GPS, WI-FI, LBS). docs/protocols/TOPIN.md gives `02` for WI-FI/LBS
 * only; the vendor document writes that as `78 78 02 80 0D 0A` (LEN 02, no payload). We send
 * payload 02, so LEN is 02 too and both readings see it.
 */
export function locateNow(wifiLbsOnly = false): Uint8Array {
  return buildFrame(0x80, wifiLbsOnly ? [0x02] : []);
}

export const UPLOAD_INTERVAL_MIN_S = 10;
export const UPLOAD_INTERVAL_MAX_S = 7200;

/** 0x97: position upload interval, u16 seconds. Throws RangeError outside 10–7200 or if not an integer. */
export function setUploadInterval(seconds: number): Uint8Array {
  if (!Number.isInteger(seconds) || seconds < UPLOAD_INTERVAL_MIN_S || seconds > UPLOAD_INTERVAL_MAX_S) {
    throw new RangeError(`upload interval must be an integer ${UPLOAD_INTERVAL_MIN_S}–${UPLOAD_INTERVAL_MAX_S} s, got ${seconds}`);
  }
  return buildFrame(0x97, [seconds >> 8, seconds & 0xff]);
}

/** 0x13 from the server: status interval, u8 minutes. Throws RangeError outside 1–255. */
export function setStatusInterval(minutes: number): Uint8Array {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 255)
    throw new RangeError(`status interval must be an integer 1–255 min, got ${minutes}`);
  return buildFrame(0x13, [minutes]);
}

/** 0x48 01. */
export function restart(): Uint8Array {
  return buildFrame(0x48, [0x01]);
}

/** "Desligar": 0x48 02. */
export function shutdown(): Uint8Array {
  return buildFrame(0x48, [0x02]);
}

/** 0x33: 01 prohibits cell-only (LBS) positioning, 00 allows it. */
export function prohibitLbs(prohibit: boolean): Uint8Array {
  return buildFrame(0x33, [prohibit ? 0x01 : 0x00]);
}

function hhmm(name: string, text: string): [number, number] {
  const m = /^(\d{2}):(\d{2})$/.exec(text);
  const h = Number(m?.[1]);
  const min = Number(m?.[2]);
  if (!m || h > 23 || min > 59) throw new RangeError(`${name} must be 'hh:mm' (00:00–23:59), got '${text}'`);
  return [toBcd(h), toBcd(min)];
}

/** 0x46 `01 hhmm hhmm` (BCD): GPS off from `from` to `to`, e.g. gpsOffWindow('22:00', '06:30'). */
export function gpsOffWindow(from: string, to: string): Uint8Array {
  return buildFrame(0x46, [0x01, ...hhmm('from', from), ...hhmm('to', to)]);
}

/** 0x46 `00 0000 0000`: no GPS-off window (GPS on all day). */
export function gpsOffWindowDisabled(): Uint8Array {
  return buildFrame(0x46, [0x00, 0x00, 0x00, 0x00, 0x00]);
}

/** 0x41: SOS phone number, ASCII digits. */
export function sosNumber(digits: string): Uint8Array {
  if (!/^\d{1,20}$/.test(digits)) throw new RangeError(`SOS number must be 1–20 digits, got '${digits}'`);
  return buildFrame(0x41, ascii(digits));
}

/** 0x15: factory reset (the device resets 30 s later). */
export function factoryReset(): Uint8Array {
  return buildFrame(0x15);
}

// Not encoded, because docs/protocols/TOPIN.md does not give their payloads:
// - 0x34 (GPS/LBS switches and boot/shutdown schedule): "see vendor doc".
// - 0x57 (settings sync answer): only the first fields are listed ("…").
// Economy modes use 0x97 (and 0x46) until those are documented.
