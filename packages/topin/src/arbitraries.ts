/**
 * fast-check generators of device messages, for this package's property tests and the
 * simulator's. Test support only: imports fast-check (a dev dependency).
 */
import fc from 'fast-check';
import { MAX_LAC, MAX_MCC } from './field-domain';
import {
  type AlarmFlags,
  type Cell,
  type CellWidth,
  type GpsMessage,
  type StatusMessage,
  type TopinMessage,
  type WifiLbsMessage,
  WIFI_LBS_TYPES,
  alarmFlags,
  isBufferedType,
  locateReasonLabel,
} from './message';
import { defaultCellWidth } from './wifi-layout';

const Y2000 = Date.UTC(2000, 0, 1) / 1000;
const Y2099 = Date.UTC(2099, 11, 31, 23, 59, 59) / 1000;

/** Whole seconds, 2000–2099 (what both the binary and the BCD times can carry). */
export const timeArb = fc.integer({ min: Y2000, max: Y2099 }).map((s) => new Date(s * 1000));

const byte = fc.integer({ min: 0, max: 255 });
export const alarmArb: fc.Arbitrary<AlarmFlags> = byte.map(alarmFlags);

export const loginArb = fc.record({
  kind: fc.constant('login' as const),
  type: fc.constant(0x01 as const),
  imei: fc.stringMatching(/^\d{15}$/),
  firmware: byte,
});

const latitudeArb = fc.double({ min: -90, max: 90, noNaN: true });
const longitudeArb = fc.double({ min: -180, max: 180, noNaN: true });

const gpsCommon = { kind: fc.constant('gps' as const), time: timeArb, latitude: latitudeArb, longitude: longitudeArb, speedKmh: byte };

/** 0x10/0x11, with altitude and alarm byte or without both. */
export const gpsFixArb: fc.Arbitrary<GpsMessage> = fc
  .record({
    ...gpsCommon,
    type: fc.constantFrom(0x10 as const, 0x11 as const),
    course: fc.integer({ min: 0, max: 1023 }),
    satellites: fc.integer({ min: 0, max: 15 }),
    valid: fc.boolean(),
    extra: fc.option(fc.record({ altitude: fc.integer({ min: -32768, max: 32767 }), alarms: alarmArb }), { nil: undefined }),
  })
  .map(({ extra, ...m }) => ({ ...m, buffered: m.type === 0x11, ...extra }));

/** 0x08/0x09 with a body: course has 2° steps, valid iff 0x08. */
export const gpsFormat2Arb: fc.Arbitrary<GpsMessage> = fc
  .record({ ...gpsCommon, type: fc.constantFrom(0x08 as const, 0x09 as const), course: fc.integer({ min: 0, max: 255 }), satellites: byte })
  .map((m) => ({ ...m, course: m.course * 2, valid: m.type === 0x08, buffered: m.type === 0x09 }));

export const statusArb: fc.Arbitrary<StatusMessage> = fc
  .record({
    battery: fc.integer({ min: 0, max: 100 }),
    firmware: byte,
    timezone: byte,
    statusIntervalMin: byte,
    optional: fc.integer({ min: 0, max: 4 }),
    skipTemperature: fc.boolean(),
    signal: fc.integer({ min: 0, max: 100 }),
    temperatureRaw: fc.integer({ min: 0, max: 0xffffff }),
    charging: fc.boolean(),
    heartRate: byte,
  })
  .map(({ optional, skipTemperature, signal, temperatureRaw, charging, heartRate, ...base }) => {
    const m: StatusMessage = { kind: 'status', type: 0x13, ...base };
    if (optional >= 1) m.signal = signal;
    if (optional >= 2 && !(skipTemperature && optional >= 3)) m.temperatureRaw = temperatureRaw;
    if (optional >= 3) m.charging = charging;
    if (optional >= 4) m.heartRate = heartRate;
    return m;
  });

const macArb = fc.uint8Array({ minLength: 6, maxLength: 6 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(':'));
const accessPointArb = fc.record({ mac: macArb, signalDbm: byte.map((n) => 0 - n) });

function cellArb(width: CellWidth, mcc: number, mnc: number): fc.Arbitrary<Cell> {
  // Only cells a decoder keeps (field-domain.ts): LAC/TAC 1..0xFFFD or up to 24 bits, not reserved.
  const lac = fc.integer({ min: 1, max: width === 2 ? 0xfffd : MAX_LAC }).filter((n) => n !== 0xfffe && n !== 0xffff);
  const cellId = width === 2 ? fc.integer({ min: 0, max: 0xffff }) : fc.nat({ max: 0xffffffff });
  return fc.record({ mcc: fc.constant(mcc), mnc: fc.constant(mnc), lac, cellId, signal: byte });
}

/** WI-FI/LBS with up to 8 access points and 6 cells; 0 cells always get the type's default width. */
export const wifiLbsArb: fc.Arbitrary<WifiLbsMessage> = fc
  .record({
    type: fc.constantFrom(...WIFI_LBS_TYPES),
    time: timeArb,
    accessPoints: fc.array(accessPointArb, { maxLength: 8 }),
    mcc: fc.integer({ min: 0, max: MAX_MCC }),
    mnc: byte,
    width: fc.constantFrom(2 as const, 4 as const),
    cellCount: fc.integer({ min: 0, max: 6 }),
    alarm: fc.option(alarmArb, { nil: undefined }),
  })
  .chain(({ width, cellCount, alarm, ...m }) => {
    const cellWidth = cellCount === 0 ? defaultCellWidth(m.type) : width;
    return fc.array(cellArb(cellWidth, m.mcc, m.mnc), { minLength: cellCount, maxLength: cellCount }).map((cells) => {
      const msg: WifiLbsMessage = { kind: 'wifiLbs', ...m, cells, cellWidth, buffered: isBufferedType(m.type) };
      if (alarm) msg.alarm = alarm;
      return msg;
    });
  });

export const simpleArb: fc.Arbitrary<TopinMessage> = fc.constantFrom<TopinMessage>(
  { kind: 'heartbeat', type: 0x08 },
  { kind: 'sleep', type: 0x14 },
  { kind: 'timeRequest', type: 0x30 },
  { kind: 'lowBattery', type: 0x81 },
  { kind: 'vibration', type: 0x94 },
  { kind: 'sos', type: 0x99 },
  { kind: 'collar', type: 0x56, removed: true },
  { kind: 'collar', type: 0x56, removed: false },
  { kind: 'charger', type: 0x82, connected: true },
  { kind: 'charger', type: 0x83, connected: false },
);

/** Any message a device sends and the decoder understands (no unknown/malformed). */
export const messageArb: fc.Arbitrary<TopinMessage> = fc.oneof(
  loginArb,
  gpsFixArb,
  gpsFormat2Arb,
  statusArb,
  wifiLbsArb,
  simpleArb,
  fc
    .integer({ min: 1, max: 7 })
    .map((reason): TopinMessage => ({ kind: 'locateAnswer', type: 0x80, reason, label: locateReasonLabel(reason) })),
);
