import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { encodeWifiLbs } from './device-to-server/encode';
import { type Frame, toFrame } from './framer';
import { type TopinMessage } from './message';

function decode(hex: string): TopinMessage {
  const frame: Frame | null = toFrame(fromHex(hex));
  if (!frame) throw new Error(`not a frame: ${hex}`);
  return decodeFrame(frame);
}

function cellsOf(msg: TopinMessage): number[][] {
  if (msg.kind !== 'wifiLbs') throw new Error(`expected wifiLbs, got ${msg.kind}`);
  return msg.cells.map((c) => [c.lac, c.cellId, c.signal]);
}

// Frames printed in the vendor's protocol document ("ZhongXun Topin Locator Communication
// Protocol", 2018) and in the day of device traffic annexed to it.
describe('frames from the vendor document', () => {
  it('login: BCD IMEI with a padding nibble, then firmware', () => {
    expect(decode('78780A01012345678901234501 0D0A')).toEqual({ kind: 'login', type: 0x01, imei: '123456789012345', firmware: 1 });
    expect(decode('78780D010356314041319174280D0A')).toEqual({ kind: 'login', type: 0x01, imei: '356314041319174', firmware: 40 });
  });

  it('0x11 is the same fix, buffered', () => {
    expect(decode('787812110A03170F32179C026B3F3E0C22AD651F34600D0A')).toMatchObject({
      kind: 'gps',
      type: 0x11,
      buffered: true,
      valid: true,
      course: 96,
      speedKmh: 31,
    });
  });

  it('status without and with the signal byte', () => {
    expect(decode('78780613552308030D0A')).toEqual({
      kind: 'status',
      type: 0x13,
      battery: 85,
      firmware: 35,
      timezone: 8,
      statusIntervalMin: 3,
    });
    expect(decode('7878071355230803640D0A')).toMatchObject({ battery: 85, signal: 100 });
  });

  it('0x69 WI-FI + LBS with 2-byte cells ("2866 0F21 32: lac 10342, cellid 3873, mciss 50")', () => {
    const msg = decode(
      '78780369160413031849 1475905BD30E25 001E10BBF7635D 14759006E62656 05 01CC00 28660F2132 28660F1F28 28660EA81E 2866107314 28660F2014 0D0A',
    );
    expect(msg).toMatchObject({
      kind: 'wifiLbs',
      type: 0x69,
      cellWidth: 2,
      mcc: 460,
      mnc: 0,
      buffered: false,
      time: new Date('2016-04-13T03:18:49Z'),
    });
    expect(msg.kind === 'wifiLbs' && msg.accessPoints[0]).toEqual({ mac: '14:75:90:5b:d3:0e', signalDbm: -37 });
    expect(cellsOf(msg)).toEqual([
      [10342, 3873, 50],
      [10342, 3871, 40],
      [10342, 3752, 30],
      [10342, 4211, 20],
      [10342, 3872, 20],
    ]);
    expect(msg.kind === 'wifiLbs' && msg.alarm).toBeUndefined();
  });

  it('0x17 offline LBS without access points', () => {
    const msg = decode('78780017170622123031 07 01cc00' + ' 11aeaad432'.repeat(7) + ' 0d0a');
    expect(msg).toMatchObject({
      kind: 'wifiLbs',
      type: 0x17,
      buffered: true,
      accessPoints: [],
      cellWidth: 2,
      time: new Date('2017-06-22T12:30:31Z'),
    });
    expect(cellsOf(msg)).toEqual(Array.from({ length: 7 }, () => [4526, 43732, 50]));
  });

  it('0x69 frames from the annexed device traffic (LEN 00)', () => {
    const a = decode('787800691611301615390701CC00607827FA50607827FC506078C0D550607889EF5A607827FB64607889F16460789CE3640D0A');
    expect(a).toMatchObject({ time: new Date('2016-11-30T16:15:39Z'), mcc: 460, mnc: 0, cellWidth: 2 });
    expect(cellsOf(a)).toEqual([
      [24696, 10234, 80],
      [24696, 10236, 80],
      [24696, 49365, 80],
      [24696, 35311, 90],
      [24696, 10235, 100],
      [24696, 35313, 100],
      [24696, 40163, 100],
    ]);
    const b = decode('787800691612010710450201CC005979D7908C5979B1A3640D0A');
    expect(b).toMatchObject({ time: new Date('2016-12-01T07:10:45Z') });
    expect(cellsOf(b)).toEqual([
      [22905, 55184, 140],
      [22905, 45475, 100],
    ]);
  });

  it('collar worn (flag 01), locate answer, charger, low battery', () => {
    expect(decode('78780256010D0A')).toEqual({ kind: 'collar', type: 0x56, removed: false });
    expect(decode('78780256000D0A')).toEqual({ kind: 'collar', type: 0x56, removed: true });
    expect(decode('78780280070D0A')).toEqual({ kind: 'locateAnswer', type: 0x80, reason: 7, label: 'moved less than 50 m' });
    expect(decode('78780280020D0A')).toMatchObject({ reason: 2, label: 'too few cells' });
    expect(decode('78780280630D0A')).toMatchObject({ reason: 0x63, label: 'unknown reason' });
    expect(decode('787801820D0A')).toEqual({ kind: 'charger', type: 0x82, connected: true });
    expect(decode('787801830D0A')).toEqual({ kind: 'charger', type: 0x83, connected: false });
    expect(decode('787802810D0A')).toEqual({ kind: 'lowBattery', type: 0x81 });
    expect(decode('787801140D0A')).toEqual({ kind: 'sleep', type: 0x14 });
  });
});

describe('GPS fix (0x10/0x11)', () => {
  const head = '78781a10' + '180c1f173b3b' + '9c' + '026b3f3e' + '0c22ad65' + '1f';
  it('negates latitude when bit 10 is clear and longitude when bit 11 is set; bit 12 is validity', () => {
    const msg = decode(head + '0860' + '0d0a'); // west, south, not valid, course 96
    expect(msg).toMatchObject({ valid: false, course: 96, time: new Date('2024-12-31T23:59:59Z') });
    expect(msg.kind === 'gps' && [msg.latitude, msg.longitude]).toEqual([-40582974 / 1_800_000, -203599205 / 1_800_000]);
  });

  it('reads altitude (int16) and the alarm byte when three more bytes are there', () => {
    const msg = decode(head + '3460' + 'fc18' + '13' + '0d0a');
    expect(msg).toMatchObject({ altitude: -1000, alarms: { raw: 0x13, vibration: true, overspeed: true, lowPower: true } });
    expect(decode(head + '3460' + '0064' + '02' + '0d0a')).toMatchObject({
      altitude: 100,
      alarms: { raw: 2, vibration: false, overspeed: true, lowPower: false },
    });
    expect(decode(head + '3460' + '0d0a')).not.toHaveProperty('altitude');
  });

  it('is malformed when short or with an impossible date', () => {
    expect(decode('787811100A03170F32179C026B3F3E0C22AD651F340d0a')).toMatchObject({ kind: 'malformed', type: 0x10 });
    expect(decode('787812100A0D170F32179C026B3F3E0C22AD651F34600D0A')).toEqual({
      kind: 'malformed',
      type: 0x10,
      reason: 'invalid date-time',
    });
    expect(decode('78781210180230000000' + '9c026b3f3e0c22ad651f3460' + '0d0a')).toMatchObject({ kind: 'malformed' }); // 30 Feb
  });
});

describe('GPS format 2 (0x08/0x09)', () => {
  const time = '18051d0c0000';
  it('any non-zero top nibble makes a coordinate negative (São Paulo: nibbles 1 and f)', () => {
    const body = time + '17186470' + '2ef9a9f5' + '00'.repeat(8) + '0a' + '2d' + '07';
    const msg = decode('78781a08' + body + '0d0a');
    expect(msg).toMatchObject({ kind: 'gps', type: 0x08, valid: true, buffered: false, speedKmh: 10, course: 90, satellites: 7 });
    expect(msg.kind === 'gps' && msg.latitude).toBeCloseTo(-23.55, 9);
    expect(msg.kind === 'gps' && msg.longitude).toBeCloseTo(-46.633333, 9);
  });

  it('0x09 is buffered and not valid; short bodies are malformed', () => {
    const body = time + '1608c8d1' + '710ded1d' + '00'.repeat(8) + '10' + '39' + '05';
    expect(decode('78781a09' + body + '0d0a')).toMatchObject({ kind: 'gps', type: 0x09, valid: false, buffered: true });
    expect(decode('78780b08' + time + '16080d0a')).toMatchObject({ kind: 'malformed', type: 0x08 });
    expect(decode('787801090d0a')).toMatchObject({ kind: 'malformed', type: 0x09 });
  });
});

describe('status (0x13)', () => {
  it('reads signal, temperature, charging and heart rate as far as the body goes', () => {
    expect(decode('78780b13424008196400041f01480d0a')).toEqual({
      kind: 'status',
      type: 0x13,
      battery: 66,
      firmware: 64,
      timezone: 8,
      statusIntervalMin: 25,
      signal: 100,
      temperatureRaw: 0x041f,
      charging: true,
      heartRate: 72,
    });
    // Two bytes after the signal: too short for a temperature, so charging and heart rate.
    expect(decode('78780813424008196401480d0a')).toMatchObject({ signal: 100, charging: true, heartRate: 72 });
    expect(decode('78780413424008 0d0a')).toMatchObject({ kind: 'malformed', type: 0x13 });
  });

  it('a battery or signal byte above 100 (the vector with 0xFF in them) is left out; the rest is read', () => {
    expect(decode('78780b13ff400819ff00041f01480d0a')).toEqual({
      kind: 'status',
      type: 0x13,
      firmware: 64,
      timezone: 8,
      statusIntervalMin: 25,
      temperatureRaw: 0x041f,
      charging: true,
      heartRate: 72,
    });
    expect(decode('78780613654008190d0a')).not.toHaveProperty('battery');
    expect(decode('78780613644008190d0a')).toEqual({
      kind: 'status',
      type: 0x13,
      battery: 100,
      firmware: 64,
      timezone: 8,
      statusIntervalMin: 25,
    });
    expect(decode('7878071300400819000d0a')).toMatchObject({ battery: 0, signal: 0 });
  });

  it('any battery and signal byte: decoded within 0–100 or left out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (battery, signal) => {
        const msg = decodeFrame({ type: 0x13, length: 7, body: Uint8Array.of(battery, 64, 8, 25, signal), raw: new Uint8Array() });
        if (msg.kind !== 'status') throw new Error(msg.kind);
        expect(msg.battery).toBe(battery <= 100 ? battery : undefined);
        expect(msg.signal).toBe(signal <= 100 ? signal : undefined);
      }),
    );
  });
});

describe('WI-FI/LBS', () => {
  const time = '231024143712';
  it('prefers the type default width when both fit (no cells) and reads a trailing alarm byte', () => {
    expect(decode('7878001a' + time + '00 00fa02' + '0d0a')).toMatchObject({ cellWidth: 4, cells: [] });
    expect(decode('78780018' + time + '00 00fa02' + '01' + '0d0a')).toMatchObject({ cellWidth: 2, alarm: { raw: 1, vibration: true } });
  });

  it('uses 2-byte cells on a 4G type when only they fit, and 4-byte cells on 0x18 when only they fit', () => {
    expect(decode('7878001a' + time + '01 00fa02' + '00010002 03' + '0d0a')).toMatchObject({
      cellWidth: 2,
      cells: [{ lac: 1, cellId: 2, signal: 3 }],
    });
    expect(decode('78780018' + time + '01 00fa02' + '0000000100000002 03' + '0d0a')).toMatchObject({
      cellWidth: 4,
      cells: [{ lac: 1, cellId: 2, signal: 3 }],
    });
  });

  it('is malformed when the cells fit no width, the counts overrun the body or the time is not BCD', () => {
    expect(decode('78780018' + time + '01 00fa02' + '000100' + '0d0a')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringContaining('fit neither'),
    });
    expect(decode('78780518' + time + '112233445566 40' + '0d0a')).toMatchObject({ kind: 'malformed', type: 0x18 });
    expect(decode('78780018' + '2310241437a2' + '00 00fa02' + '0d0a')).toMatchObject({
      kind: 'malformed',
      reason: 'invalid BCD date-time',
    });
  });
});

describe('other frames', () => {
  it('malformed login, collar and locate answer; unknown types keep their bytes', () => {
    expect(decode('78780901035933907541690d0a')).toMatchObject({ kind: 'malformed', type: 0x01 });
    expect(decode('78780a010359339075416a634d0d0a')).toMatchObject({ kind: 'malformed', reason: expect.stringContaining('BCD') });
    expect(decode('787801560d0a')).toMatchObject({ kind: 'malformed', type: 0x56 });
    expect(decode('787801800d0a')).toMatchObject({ kind: 'malformed', type: 0x80 });
    const unknown = decode('787803980050 0d0a');
    expect(unknown).toMatchObject({ kind: 'unknown', type: 0x98, length: 3 });
    expect(unknown.kind === 'unknown' && Array.from(unknown.body)).toEqual([0x00, 0x50]);
  });
});

// Modems report 0xFFFF for "no network"; such values must never reach a column or a lookup.
describe('fields outside their domain', () => {
  const time = new Date('2026-11-25T12:00:00Z');
  const ap = { mac: '00:11:22:33:44:55', signalDbm: -60 };

  it('a cell with MCC 0xFFFF is left out; the access points are kept', () => {
    const cell = { mcc: 0xffff, mnc: 0xff, lac: 0x1234, cellId: 0x5678, signal: 40 };
    const msg = decodeFrame(
      toFrameOrThrow(encodeWifiLbs({ type: 0x18, time, accessPoints: [ap], mcc: 0xffff, mnc: 0xff, cells: [cell], cellWidth: 2 })),
    );
    expect(msg).toMatchObject({ kind: 'wifiLbs', accessPoints: [ap], cells: [] });
  });

  it('reserved and oversized LAC/TAC values are left out, the plausible cell is kept', () => {
    const base = { mcc: 724, mnc: 5, cellId: 99, signal: 30 };
    const cells = [0, 0xfffe, 0xffff, 0x1000000, 0xffffffff, 0x2a].map((lac) => ({ ...base, lac }));
    const msg = decodeFrame(toFrameOrThrow(encodeWifiLbs({ type: 0x18, time, accessPoints: [], mcc: 724, mnc: 5, cells, cellWidth: 4 })));
    expect(cellsOf(msg)).toEqual([[0x2a, 99, 30]]);
  });

  it('any cell bytes decode only to identifiers inside their domain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff }), fc.nat({ max: 0xffffffff }), fc.nat({ max: 0xffffffff }), (mcc, lac, cellId) => {
        const cell = { mcc, mnc: 1, lac, cellId, signal: 1 };
        const msg = decodeFrame(
          toFrameOrThrow(encodeWifiLbs({ type: 0x18, time, accessPoints: [], mcc, mnc: 1, cells: [cell], cellWidth: 4 })),
        );
        if (msg.kind !== 'wifiLbs') return false;
        return msg.cells.every(
          (c) => c.mcc <= 999 && c.mnc <= 999 && c.lac >= 1 && c.lac <= 0xffffff && c.lac !== 0xfffe && c.lac !== 0xffff,
        );
      }),
    );
  });

  it('a GPS fix whose latitude decodes beyond 90° is malformed (acked, never stored)', () => {
    // The vendor's 0x10 fix with the latitude field set to 0xFFFFFFFF (2,386°).
    expect(decode('787812100A03170F32179CFFFFFFFF0C22AD651F34600D0A')).toMatchObject({ kind: 'malformed', type: 0x10 });
    expect(decode('787812100A03170F32179C026B3F3E0C22AD651F34600D0A')).toMatchObject({ kind: 'gps', valid: true });
  });
});

function toFrameOrThrow(bytes: Uint8Array): Frame {
  const frame = toFrame(bytes);
  if (!frame) throw new Error('not a frame');
  return frame;
}
