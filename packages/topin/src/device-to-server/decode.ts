import { toHex } from '../bytes';
import { isPercent } from '../field-domain';
import { decodeGpsFix, decodeGpsFormat2 } from './decode-gps';
import { decodeWifiLbs } from './decode-wifi-lbs';
import { type Frame } from '../framer';
import { type MalformedMessage, type StatusMessage, type TopinMessage, isWifiLbsType, locateReasonLabel } from '../message';

export type { TopinMessage } from '../message';

/**
 * Decodes one device frame. Pure and total: a known type whose body is not what docs/protocols/TOPIN.md says
 * gives `malformed`, an unlisted type gives `unknown`; it never throws.
 */
export function decodeFrame(frame: Frame): TopinMessage {
  const { type, body } = frame;
  if (isWifiLbsType(type)) return decodeWifiLbs(frame, type);
  switch (type) {
    case 0x01:
      return decodeLogin(body);
    case 0x08:
      return body.length === 0 ? { kind: 'heartbeat', type } : decodeGpsFormat2(frame, type);
    case 0x09:
      return decodeGpsFormat2(frame, type);
    case 0x10:
    case 0x11:
      return decodeGpsFix(frame, type);
    case 0x13:
      return decodeStatus(body);
    case 0x14:
      return { kind: 'sleep', type };
    case 0x30:
      return { kind: 'timeRequest', type };
    case 0x56: {
      const flag = body[0];
      if (flag === undefined) return malformed(type, 'collar frame without its flag byte');
      return { kind: 'collar', type, removed: flag === 0 };
    }
    case 0x80: {
      const reason = body[0];
      if (reason === undefined) return malformed(type, 'locate answer without a reason code');
      return { kind: 'locateAnswer', type, reason, label: locateReasonLabel(reason) };
    }
    case 0x81:
      return { kind: 'lowBattery', type };
    case 0x82:
    case 0x83:
      return { kind: 'charger', type, connected: type === 0x82 };
    case 0x94:
      return { kind: 'vibration', type };
    case 0x99:
      return { kind: 'sos', type };
    default:
      return { kind: 'unknown', type, length: frame.length, body };
  }
}

function malformed(type: number, reason: string): MalformedMessage {
  return { kind: 'malformed', type, reason };
}

/** 8 bytes of BCD IMEI whose first nibble is padding, then the firmware byte. */
function decodeLogin(body: Uint8Array): TopinMessage {
  if (body.length < 9) return malformed(0x01, `login needs 9 body bytes, got ${body.length}`);
  const imei = toHex(body.subarray(0, 8)).slice(1);
  if (!/^\d{15}$/.test(imei)) return malformed(0x01, `IMEI is not BCD: ${imei}`);
  return { kind: 'login', type: 0x01, imei, firmware: body[8] ?? 0 };
}

/**
 * Battery, firmware, timezone, interval; then, each only when the body still holds it (the
 * order Traccar reads): signal (1), temperature (3), charging (1), heart rate (1). A battery or
 * signal byte above 100 is left out (field-domain.ts); the fields after it are still read.
 */
function decodeStatus(body: Uint8Array): TopinMessage {
  const [battery, firmware, timezone, statusIntervalMin] = body;
  if (statusIntervalMin === undefined || battery === undefined || firmware === undefined || timezone === undefined) {
    return malformed(0x13, `status needs 4 body bytes, got ${body.length}`);
  }
  const msg: StatusMessage = { kind: 'status', type: 0x13, firmware, timezone, statusIntervalMin };
  if (isPercent(battery)) msg.battery = battery;
  let at = 4;
  const left = () => body.length - at;
  if (left() >= 1) {
    const signal = body[at++] ?? 0;
    if (isPercent(signal)) msg.signal = signal;
  }
  if (left() >= 3) {
    msg.temperatureRaw = ((body[at] ?? 0) << 16) | ((body[at + 1] ?? 0) << 8) | (body[at + 2] ?? 0);
    at += 3;
  }
  if (left() >= 1) msg.charging = (body[at++] ?? 0) > 0;
  if (left() >= 1) msg.heartRate = body[at++];
  return msg;
}
