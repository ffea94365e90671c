import { fromAscii, fromBcd, view } from '../bytes';
import { type Frame } from '../framer';
import { type WifiLbsType, isWifiLbsType } from '../message';
import { readBcdTime, readBinaryTime, utcDate } from '../time';

/** What the server sends, decoded from a device's point of view (for the simulator). */
export type ServerMessage =
  | { kind: 'loginAccepted' }
  | { kind: 'loginRejected' }
  | { kind: 'time'; time: Date }
  | { kind: 'gpsAck'; type: 0x10 | 0x11; time: Date }
  | { kind: 'wifiLbsAck'; type: WifiLbsType; time: Date }
  | { kind: 'position'; latitude: number; longitude: number }
  | { kind: 'statusReply' }
  | { kind: 'setStatusInterval'; minutes: number }
  | { kind: 'locateNow'; wifiLbsOnly: boolean }
  | { kind: 'setUploadInterval'; seconds: number }
  | { kind: 'restart' }
  | { kind: 'shutdown' }
  | { kind: 'prohibitLbs'; prohibit: boolean }
  | { kind: 'gpsOffWindow'; enabled: boolean; from: string; to: string }
  | { kind: 'sosNumber'; number: string }
  | { kind: 'factoryReset' }
  | { kind: 'unknown'; type: number; body: Uint8Array }
  | { kind: 'malformed'; type: number; reason: string };

function bcdHhmm(hh: number, mm: number): string | null {
  const h = fromBcd(hh);
  const m = fromBcd(mm);
  if (h === null || m === null || h > 23 || m > 59) return null;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Never throws: what does not parse is `malformed` or `unknown`. */
export function decodeServerFrame(frame: Frame): ServerMessage {
  const { type, body } = frame;
  const bad = (reason: string): ServerMessage => ({ kind: 'malformed', type, reason });
  const size = (n: number) => body.length === n;

  if (isWifiLbsType(type)) {
    const time = size(6) ? readBcdTime(body) : null;
    if (time) return { kind: 'wifiLbsAck', type, time };
    if (type !== 0x69) return bad('ack needs 6 BCD time bytes');
    const m = /^([+-]\d+(?:\.\d+)?),([+-]\d+(?:\.\d+)?)$/.exec(fromAscii(body));
    return m ? { kind: 'position', latitude: Number(m[1]), longitude: Number(m[2]) } : bad('position is not "+lat,+lng"');
  }
  switch (type) {
    case 0x01:
      return { kind: 'loginAccepted' };
    case 0x44:
      return { kind: 'loginRejected' };
    case 0x30: {
      if (!size(7)) return bad(`time packet needs 7 bytes, got ${body.length}`);
      const v = view(body);
      const time = utcDate(v.getUint16(0), v.getUint8(2), v.getUint8(3), v.getUint8(4), v.getUint8(5), v.getUint8(6));
      return time ? { kind: 'time', time } : bad('invalid date-time');
    }
    case 0x10:
    case 0x11: {
      const time = size(6) ? readBinaryTime(body) : null;
      return time ? { kind: 'gpsAck', type, time } : bad('ack needs 6 valid time bytes');
    }
    case 0x13:
      // Empty (vendor) or the status frame echoed (Traccar) are replies; one byte sets the interval.
      return size(1) ? { kind: 'setStatusInterval', minutes: body[0] ?? 0 } : { kind: 'statusReply' };
    case 0x80:
      return { kind: 'locateNow', wifiLbsOnly: frame.length === 2 || body[0] === 0x02 };
    case 0x97:
      return size(2) ? { kind: 'setUploadInterval', seconds: view(body).getUint16(0) } : bad('interval needs 2 bytes');
    case 0x48:
      if (body[0] === 0x01) return { kind: 'restart' };
      return body[0] === 0x02 ? { kind: 'shutdown' } : bad('0x48 needs 01 or 02');
    case 0x33:
      return size(1) ? { kind: 'prohibitLbs', prohibit: body[0] === 0x01 } : bad('0x33 needs 1 byte');
    case 0x46: {
      const [on = 0, fh = 0, fm = 0, th = 0, tm = 0] = body;
      const from = bcdHhmm(fh, fm);
      const to = bcdHhmm(th, tm);
      return size(5) && from && to ? { kind: 'gpsOffWindow', enabled: on === 0x01, from, to } : bad('0x46 needs 01 hhmm hhmm in BCD');
    }
    case 0x41: {
      const number = fromAscii(body);
      return /^\d+$/.test(number) ? { kind: 'sosNumber', number } : bad('SOS number is not ASCII digits');
    }
    case 0x15:
      return { kind: 'factoryReset' };
    default:
      return { kind: 'unknown', type, body };
  }
}
