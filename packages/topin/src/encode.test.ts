import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { decodeServerFrame } from './server-to-device/decode';
import {
  ackFor,
  factoryReset,
  gpsAck,
  gpsOffWindow,
  gpsOffWindowDisabled,
  locateNow,
  loginReply,
  positionReply,
  prohibitLbs,
  restart,
  setStatusInterval,
  setUploadInterval,
  shutdown,
  sosNumber,
  statusReply,
  timePacket,
  wifiLbsAck,
} from './server-to-device/encode';
import { encodeAlarm, encodeCharger, encodeCollar, encodeLocateAnswer, encodeLogin, encodeStatus } from './device-to-server/encode';
import { toFrame } from './framer';

const hex = (s: string) => s.replace(/\s+/g, '').toLowerCase();

function server(bytes: Uint8Array) {
  const frame = toFrame(bytes);
  if (!frame) throw new Error('not a frame');
  return decodeServerFrame(frame);
}

describe('replies', () => {
  it('login: 01 accepted, 44 unknown device', () => {
    expect(toHex(loginReply(true))).toBe(hex('7878 01 01 0D0A'));
    expect(toHex(loginReply(false))).toBe(hex('7878 01 44 0D0A'));
    expect(server(loginReply(true))).toEqual({ kind: 'loginAccepted' });
    expect(server(loginReply(false))).toEqual({ kind: 'loginRejected' });
  });

  it('time packet: LEN 07, YYYY MM DD hh mm ss in UTC (vendor sample 2016-07-05 05:55:24)', () => {
    const date = new Date('2016-07-05T05:55:24.900Z');
    expect(toHex(timePacket(date))).toBe(hex('7878 07 30 07E00705053718 0D0A'));
    expect(server(timePacket(date))).toEqual({ kind: 'time', time: new Date('2016-07-05T05:55:24Z') });
  });

  it('GPS and WI-FI/LBS acks carry the 6 time bytes; LEN is 7 unless echoed', () => {
    const time = fromHex('0A03170F3217');
    expect(toHex(gpsAck(0x10, time))).toBe(hex('7878 07 10 0A03170F3217 0D0A'));
    expect(toHex(gpsAck(0x11, time, 0x12))).toBe(hex('7878 12 11 0A03170F3217 0D0A'));
    expect(toHex(wifiLbsAck(0x69, fromHex('161130161539'), 0))).toBe(hex('7878 00 69 161130161539 0D0A')); // vendor server log
    expect(() => wifiLbsAck(0x13, time)).toThrow(RangeError);
    expect(() => gpsAck(0x10, time.subarray(0, 5))).toThrow(RangeError);
    expect(server(gpsAck(0x11, time))).toEqual({ kind: 'gpsAck', type: 0x11, time: new Date('2010-03-23T15:50:23Z') });
    expect(server(wifiLbsAck(0x1b, fromHex('231024143712')))).toEqual({
      kind: 'wifiLbsAck',
      type: 0x1b,
      time: new Date('2023-10-24T14:37:12Z'),
    });
  });

  it('ackFor echoes LEN and time bytes for GPS fixes and WI-FI/LBS frames, even malformed ones', () => {
    const malformedWifi = toFrame(fromHex('78780518231024143712 0d0a'));
    expect(malformedWifi && toHex(ackFor(malformedWifi) ?? new Uint8Array())).toBe(hex('7878 05 18 231024143712 0d0a'));
    const heartbeat = toFrame(encodeAlarm('sos'));
    expect(heartbeat && ackFor(heartbeat)).toBeNull();
  });

  it('status reply and the 0x69 position reply', () => {
    expect(toHex(statusReply())).toBe(hex('7878 01 13 0D0A'));
    expect(toHex(positionReply(22.676746, 113.94094))).toBe(hex('7878 17 69 2B32322E363736373436 2C 2B3131332E393430393430 0D0A'));
    expect(server(fromHex('787816692B32322E3637363734362C2B3131332E39343039340D0A'))).toEqual({
      kind: 'position',
      latitude: 22.676746,
      longitude: 113.94094,
    }); // vendor sample
    expect(server(positionReply(-23.5505, -46.633308))).toEqual({ kind: 'position', latitude: -23.5505, longitude: -46.633308 });
    expect(server(statusReply())).toEqual({ kind: 'statusReply' });
  });
});

describe('commands', () => {
  it('locate now: empty, or 02 for WI-FI/LBS only (LEN 02 either way)', () => {
    expect(toHex(locateNow())).toBe(hex('7878 01 80 0D0A'));
    expect(toHex(locateNow(true))).toBe(hex('7878 02 80 02 0D0A'));
    expect(server(locateNow())).toEqual({ kind: 'locateNow', wifiLbsOnly: false });
    expect(server(locateNow(true))).toEqual({ kind: 'locateNow', wifiLbsOnly: true });
    expect(server(fromHex('787802800D0A'))).toEqual({ kind: 'locateNow', wifiLbsOnly: true }); // the vendor document's form
  });

  it('upload interval: u16 seconds, 10–7200, RangeError otherwise', () => {
    expect(toHex(setUploadInterval(80))).toBe(hex('7878 03 97 0050 0D0A'));
    expect(toHex(setUploadInterval(7200))).toBe(hex('7878 03 97 1C20 0D0A'));
    for (const bad of [9, 7201, 60.5, Number.NaN]) expect(() => setUploadInterval(bad)).toThrow(RangeError);
    expect(server(setUploadInterval(10))).toEqual({ kind: 'setUploadInterval', seconds: 10 });
  });

  it('status interval: u8 minutes', () => {
    expect(toHex(setStatusInterval(3))).toBe(hex('7878 02 13 03 0D0A'));
    for (const bad of [0, 256, 1.5]) expect(() => setStatusInterval(bad)).toThrow(RangeError);
    expect(server(setStatusInterval(25))).toEqual({ kind: 'setStatusInterval', minutes: 25 });
  });

  it('restart (48 01), shut down (48 02), prohibit LBS (33 01/00), factory reset (15)', () => {
    expect(toHex(restart())).toBe(hex('7878 02 48 01 0D0A'));
    expect(toHex(shutdown())).toBe(hex('7878 02 48 02 0D0A'));
    expect(toHex(prohibitLbs(true))).toBe(hex('7878 02 33 01 0D0A'));
    expect(toHex(prohibitLbs(false))).toBe(hex('7878 02 33 00 0D0A'));
    expect(toHex(factoryReset())).toBe(hex('7878 01 15 0D0A'));
    expect([restart(), shutdown(), prohibitLbs(true), factoryReset()].map(server)).toEqual([
      { kind: 'restart' },
      { kind: 'shutdown' },
      { kind: 'prohibitLbs', prohibit: true },
      { kind: 'factoryReset' },
    ]);
  });

  it('GPS-off window: 01 hhmm hhmm in BCD (vendor sample 11:30–12:30)', () => {
    expect(toHex(gpsOffWindow('11:30', '12:30'))).toBe(hex('7878 06 46 01 1130 1230 0D0A'));
    expect(server(gpsOffWindow('22:05', '06:59'))).toEqual({ kind: 'gpsOffWindow', enabled: true, from: '22:05', to: '06:59' });
    for (const bad of ['24:00', '7:30', '12:60', '']) expect(() => gpsOffWindow(bad, '12:00')).toThrow(RangeError);
    expect(toHex(gpsOffWindowDisabled())).toBe(hex('7878 06 46 00 0000 0000 0D0A'));
    expect(server(gpsOffWindowDisabled())).toEqual({ kind: 'gpsOffWindow', enabled: false, from: '00:00', to: '00:00' });
  });

  it('SOS number in ASCII digits', () => {
    expect(toHex(sosNumber('13533333333'))).toBe(hex('7878 0C 41 3133353333333333333333 0D0A'));
    expect(() => sosNumber('+55 11')).toThrow(RangeError);
    expect(server(sosNumber('11987654321'))).toEqual({ kind: 'sosNumber', number: '11987654321' });
  });
});

describe('device messages (simulator)', () => {
  it('login as in the vendor sample', () => {
    expect(toHex(encodeLogin('123456789012345', 1))).toBe(hex('7878 0A 01 0123456789012345 01 0D0A'));
    expect(() => encodeLogin('12345', 1)).toThrow(RangeError);
  });

  it('status as in the vendor sample, alarms and flags', () => {
    expect(toHex(encodeStatus({ battery: 85, firmware: 35, timezone: 8, statusIntervalMin: 3, signal: 100 }))).toBe(
      hex('7878 06 13 55 23 08 03 64 0D0A'),
    );
    expect(() => encodeStatus({ battery: 85, firmware: 35, timezone: 8, statusIntervalMin: 3, charging: true })).toThrow(RangeError);
    expect(toHex(encodeAlarm('sos'))).toBe(hex('7878 01 99 0D0A'));
    expect(toHex(encodeAlarm('vibration'))).toBe(hex('7878 01 94 0D0A'));
    expect(toHex(encodeCollar(false))).toBe(hex('7878 02 56 01 0D0A'));
    expect(toHex(encodeCharger(true))).toBe(hex('7878 01 82 0D0A'));
    expect(toHex(encodeLocateAnswer(3))).toBe(hex('7878 02 80 03 0D0A'));
  });
});
