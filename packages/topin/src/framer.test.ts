import { describe, expect, it } from 'vitest';
import { buildFrame, concatBytes, fromHex, toHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { encodeGps, encodeHeartbeat, encodeWifiLbs } from './device-to-server/encode';
import { TopinFramer, toFrame } from './framer';

const heartbeat = '787801080d0a';
const login = '78780d0103593390754169634d0d0a'; // LEN 0D for a 9-byte body

function cut(hexChunks: string[], framer = new TopinFramer()): string[] {
  return hexChunks.flatMap((h) => framer.push(fromHex(h))).map((f) => toHex(f.raw));
}

describe('TopinFramer', () => {
  it('cuts coalesced frames and frames split at every byte', () => {
    expect(cut([login + heartbeat + heartbeat])).toEqual([login, heartbeat, heartbeat]);
    const bytes = (login + heartbeat).match(/../g) ?? [];
    expect(cut(bytes)).toEqual([login, heartbeat]);
  });

  it('reports type, LEN and body', () => {
    const [frame] = new TopinFramer().push(fromHex(login));
    expect(frame).toMatchObject({ type: 0x01, length: 0x0d });
    expect(toHex(frame?.body ?? new Uint8Array())).toBe('03593390754169634d');
  });

  it('drops garbage before a header, including lone 0x78 bytes', () => {
    const framer = new TopinFramer();
    expect(cut(['00ff780d0a12' + heartbeat, '7800' + login], framer)).toEqual([heartbeat, login]);
    expect(framer.buffered).toBe(0);
  });

  it('keeps a trailing 0x78 that may start the next header', () => {
    const framer = new TopinFramer();
    expect(cut(['aaaa78'], framer)).toEqual([]);
    expect(framer.buffered).toBe(1);
    expect(cut(['7801080d0a'], framer)).toEqual([heartbeat]);
  });

  it('survives LEN larger than the body (login captures, vendor status and 0x81 samples)', () => {
    const status = '78780613552308030d0a'; // LEN 06 for a 4-byte body
    const lowBattery = '787802810d0a'; // LEN 02, no body
    expect(cut([login + status + lowBattery + heartbeat])).toEqual([login, status, lowBattery, heartbeat]);
  });

  it('survives LEN smaller than the body (vendor GPS sample: LEN = body length)', () => {
    const gps = '787812100a03170f32179c026b3f3e0c22ad651f34600d0a';
    expect(cut([gps + heartbeat])).toEqual([gps, heartbeat]);
  });

  it('skips a 0D 0A inside a GPS body (13th day, 10 h) thanks to the type minimum', () => {
    const frame = encodeGps({
      type: 0x10,
      time: new Date('2024-05-13T10:20:30Z'),
      latitude: -23.55,
      longitude: -46.63,
      speedKmh: 13,
      course: 10,
      satellites: 7,
      valid: true,
      buffered: false,
    });
    expect(toHex(frame)).toContain('0d0a');
    expect(toHex(frame).indexOf('0d0a')).toBeLessThan(frame.length * 2 - 4);
    expect(cut([toHex(frame) + heartbeat])).toEqual([toHex(frame), heartbeat]);
  });

  it('frames WI-FI/LBS by their counts, not LEN, with 0D 0A inside MACs and cells', () => {
    const time = new Date('2016-04-13T03:18:49Z');
    const ap = { mac: '0d:0a:0d:0a:0d:0a', signalDbm: -13 };
    const cell = { mcc: 724, mnc: 5, lac: 0x0d0a, cellId: 0x0d0a0d0a, signal: 13 };
    const two = encodeWifiLbs({
      type: 0x18,
      time,
      accessPoints: [ap, ap],
      mcc: 724,
      mnc: 5,
      cells: [{ ...cell, cellId: 0x0d0a }],
      cellWidth: 2,
    });
    // 4G: a 0D 0A where 2-byte cells would end (offset 11 of the cells) does not cut the frame.
    const four = encodeWifiLbs({
      type: 0x1a,
      time,
      accessPoints: [ap],
      mcc: 724,
      mnc: 5,
      cells: [cell, cell],
      cellWidth: 4,
      alarm: { raw: 1, vibration: true, overspeed: false, lowPower: false },
    });
    const stream = toHex(two) + toHex(four) + heartbeat;
    expect(cut([stream])).toEqual([toHex(two), toHex(four), heartbeat]);
    expect(cut(stream.match(/.{1,6}/g) ?? [])).toEqual([toHex(two), toHex(four), heartbeat]);
  });

  it('cuts a 4-byte 0x18 frame early when 0D 0A sits where 2-byte cells would end (known limit)', () => {
    // The end is decided from the bytes received so far: a 0x18 frame (2-byte cells by default)
    // ends at the first place 2-byte cells could end. The rest becomes garbage and is dropped.
    const cells = [
      { mcc: 460, mnc: 0, lac: 10342, cellId: 9494338, signal: 95 },
      { mcc: 460, mnc: 0, lac: 0x000d0a00, cellId: 2, signal: 3 },
    ];
    const frame = encodeWifiLbs({
      type: 0x18,
      time: new Date('2016-04-13T03:18:49Z'),
      accessPoints: [],
      mcc: 460,
      mnc: 0,
      cells,
      cellWidth: 4,
    });
    const frames = new TopinFramer().push(concatBytes(frame, encodeHeartbeat()));
    expect(frames.map((f) => f.raw.length)).toEqual([6 + 10 + 10, 6]);
    expect(decodeFrame(frames[0] ?? { type: 0, length: 0, body: new Uint8Array(), raw: new Uint8Array() })).toMatchObject({
      kind: 'wifiLbs',
      cellWidth: 2,
    });
  });

  it('emits a 2-byte 0x1A frame once the bytes where 4-byte cells would end have arrived', () => {
    const cells = [{ mcc: 250, mnc: 2, lac: 1, cellId: 2, signal: 3 }];
    const frame = encodeWifiLbs({
      type: 0x1a,
      time: new Date('2023-10-24T14:37:12Z'),
      accessPoints: [],
      mcc: 250,
      mnc: 2,
      cells,
      cellWidth: 2,
    });
    const framer = new TopinFramer();
    expect(framer.push(frame)).toEqual([]);
    expect(framer.push(encodeHeartbeat()).map((f) => toHex(f.raw))).toEqual([toHex(frame), heartbeat]);
  });

  it('waits for the cell count before deciding where a WI-FI/LBS frame ends', () => {
    const framer = new TopinFramer();
    expect(cut(['787803181604130318'], framer)).toEqual([]);
    expect(framer.buffered).toBe(9);
  });

  it('gives up a header whose frame cannot end within maxBuffer, then finds the frames after it', () => {
    const framer = new TopinFramer({ maxBuffer: 64 });
    const pseudo = '7878ff77' + '00'.repeat(40); // unknown type, LEN says 254 bytes
    expect(cut([pseudo, '11'.repeat(10) + heartbeat, '22'.repeat(30)], framer)).toEqual([heartbeat]);
    expect(framer.buffered).toBe(0);
  });

  it('resynchronises at once after a header of a type no device sends (78 78 FF and garbage)', () => {
    const framer = new TopinFramer();
    const gps = '787812100a03170f32179c026b3f3e0c22ad651f34600d0a';
    expect(cut(['7878ff' + 'ab'.repeat(30), gps + heartbeat], framer)).toEqual([gps, heartbeat]);
    expect(cut(['7878ff99', login], framer)).toEqual([login]);
    expect(framer.buffered).toBe(0);
  });

  it('resynchronises when a known type has no 0D 0A where its longest body would end', () => {
    const framer = new TopinFramer();
    // A GPS header (body 18 to 21 bytes) followed by 25 bytes of noise, then real frames.
    expect(cut(['78781610' + 'ab'.repeat(25), login + heartbeat], framer)).toEqual([login, heartbeat]);
    // A status header (body 4 to 10 bytes) cut off by a login.
    expect(cut(['78780613' + '55', login], framer)).toEqual([login]);
    expect(framer.buffered).toBe(0);
  });

  it('never keeps maxBuffer bytes, even from one huge chunk', () => {
    const framer = new TopinFramer({ maxBuffer: 100 });
    framer.push(new Uint8Array(10_000).fill(0x78));
    expect(framer.buffered).toBeLessThan(100);
    expect(cut([heartbeat], framer)).toEqual([]); // the 0x78 run swallows it, as any header would
    framer.push(new Uint8Array(200));
    expect(cut([heartbeat], framer)).toEqual([heartbeat]);
  });

  it('drops a frame longer than maxBuffer instead of returning it', () => {
    const long = buildFrame(0x77, new Uint8Array(200));
    expect(new TopinFramer({ maxBuffer: 100 }).push(concatBytes(long, encodeHeartbeat())).map((f) => toHex(f.raw))).toEqual([heartbeat]);
  });

  it('accepts an empty chunk and rejects a maxBuffer too small for any frame', () => {
    expect(new TopinFramer().push(new Uint8Array(0))).toEqual([]);
    expect(() => new TopinFramer({ maxBuffer: 5 })).toThrow(RangeError);
  });

  it('reads server frames for a simulated device: acks with echoed LEN, locate-now variants', () => {
    const framer = new TopinFramer({ source: 'server' });
    const frames = [
      '787812100a03170f32170d0a',
      '7878081a2310241437120d0a',
      '787801010d0a',
      '7878073007e00705053718' + '0d0a',
      '787802800d0a',
      '78780280020d0a',
      '7878039700500d0a',
    ];
    expect(cut([frames.join('')], framer)).toEqual(frames);
  });
});

describe('toFrame', () => {
  it('accepts exactly one complete frame', () => {
    expect(decodeFrame(toFrame(fromHex(heartbeat)) ?? { type: 0, length: 0, body: new Uint8Array(), raw: new Uint8Array() }).kind).toBe(
      'heartbeat',
    );
    expect(toFrame(fromHex('787801080d'))).toBeNull();
    expect(toFrame(fromHex('797801080d0a'))).toBeNull();
  });
});
