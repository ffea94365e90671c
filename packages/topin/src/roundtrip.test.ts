import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gpsFixArb, gpsFormat2Arb, loginArb, messageArb, simpleArb, statusArb, timeArb, wifiLbsArb } from './arbitraries';
import { toHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { GPS_UNITS_PER_DEGREE } from './device-to-server/decode-gps';
import { decodeServerFrame } from './server-to-device/decode';
import {
  gpsAck,
  gpsOffWindow,
  locateNow,
  positionReply,
  setStatusInterval,
  setUploadInterval,
  timePacket,
  wifiLbsAck,
} from './server-to-device/encode';
import { encodeMessage } from './device-to-server/encode';
import { toFrame } from './framer';
import { type TopinMessage, WIFI_LBS_TYPES } from './message';
import { bcdTimeBytes, binaryTimeBytes } from './time';

function decodeBytes(bytes: Uint8Array): TopinMessage {
  const frame = toFrame(bytes);
  if (!frame) throw new Error(`encoder produced a non-frame: ${toHex(bytes)}`);
  return decodeFrame(frame);
}

/** Equal, except coordinates: within 1/1,800,000 degree (format 2 carries millionths). */
function expectSameMessage(actual: TopinMessage, expected: TopinMessage) {
  if (actual.kind === 'gps' && expected.kind === 'gps') {
    expect(Math.abs(actual.latitude - expected.latitude)).toBeLessThanOrEqual(1 / GPS_UNITS_PER_DEGREE);
    expect(Math.abs(actual.longitude - expected.longitude)).toBeLessThanOrEqual(1 / GPS_UNITS_PER_DEGREE);
    expect({ ...actual, latitude: 0, longitude: 0 }).toEqual({ ...expected, latitude: 0, longitude: 0 });
  } else {
    expect(actual).toEqual(expected);
  }
}

describe('device messages: encode → decode', () => {
  const kinds: [string, fc.Arbitrary<TopinMessage>][] = [
    ['login', loginArb],
    ['GPS fix 0x10/0x11 (time to the second, position within 1/1,800,000°)', gpsFixArb],
    ['GPS format 2 0x08/0x09', gpsFormat2Arb],
    ['status', statusArb],
    ['WI-FI/LBS, 2- and 4-byte cells', wifiLbsArb],
    ['heartbeat, sleep, time request, alarms, collar, charger', simpleArb],
    ['any message', messageArb],
  ];
  for (const [name, arb] of kinds) {
    it(name, () => {
      fc.assert(
        fc.property(arb, (msg) => {
          expectSameMessage(decodeBytes(encodeMessage(msg)), msg);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('unknown types keep type, LEN and body', () => {
    const unknownArb = fc.record({
      kind: fc.constant('unknown' as const),
      type: fc.constantFrom(0x05, 0x57, 0x58, 0x86, 0x98, 0xb3),
      length: fc.integer({ min: 0, max: 255 }),
      body: fc.uint8Array({ maxLength: 40 }),
    });
    fc.assert(
      fc.property(unknownArb, (msg) => {
        expect(decodeBytes(encodeMessage(msg))).toEqual(msg);
      }),
    );
  });

  it('a malformed message has no encoding', () => {
    expect(() => encodeMessage({ kind: 'malformed', type: 0x10, reason: 'x' })).toThrow(RangeError);
  });
});

describe('server messages: encode → decode (what the simulated device reads)', () => {
  const server = (bytes: Uint8Array) => {
    const frame = toFrame(bytes);
    if (!frame) throw new Error('not a frame');
    return decodeServerFrame(frame);
  };

  it('time packet, GPS and WI-FI/LBS acks', () => {
    fc.assert(
      fc.property(timeArb, fc.constantFrom(0x10 as const, 0x11 as const), fc.constantFrom(...WIFI_LBS_TYPES), (time, gpsType, wifiType) => {
        expect(server(timePacket(time))).toEqual({ kind: 'time', time });
        expect(server(gpsAck(gpsType, binaryTimeBytes(time)))).toEqual({ kind: 'gpsAck', type: gpsType, time });
        expect(server(wifiLbsAck(wifiType, bcdTimeBytes(time)))).toEqual({ kind: 'wifiLbsAck', type: wifiType, time });
      }),
    );
  });

  it('commands with arguments', () => {
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 7200 }),
        fc.integer({ min: 1, max: 255 }),
        hhmm,
        hhmm,
        fc.boolean(),
        (seconds, minutes, from, to, wifiLbsOnly) => {
          expect(server(setUploadInterval(seconds))).toEqual({ kind: 'setUploadInterval', seconds });
          expect(server(setStatusInterval(minutes))).toEqual({ kind: 'setStatusInterval', minutes });
          expect(server(gpsOffWindow(from, to))).toEqual({ kind: 'gpsOffWindow', enabled: true, from, to });
          expect(server(locateNow(wifiLbsOnly))).toEqual({ kind: 'locateNow', wifiLbsOnly });
        },
      ),
    );
  });

  it('resolved position (0x69 ASCII), to 6 decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (lat, lng) => {
        const msg = server(positionReply(lat, lng));
        expect(msg.kind).toBe('position');
        if (msg.kind !== 'position') return;
        expect(Math.abs(msg.latitude - lat)).toBeLessThanOrEqual(5e-7 + 1e-12);
        expect(Math.abs(msg.longitude - lng)).toBeLessThanOrEqual(5e-7 + 1e-12);
      }),
    );
  });
});
