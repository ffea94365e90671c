/** What a TOPIN device says, decoded. Facts: docs/protocols/TOPIN.md. */

/** Device → server message types. */
export const MSG = {
  LOGIN: 0x01,
  /** Heartbeat when the body is empty, GPS format 2 otherwise. */
  HEARTBEAT_OR_GPS2: 0x08,
  GPS2_BUFFERED: 0x09,
  GPS: 0x10,
  GPS_BUFFERED: 0x11,
  STATUS: 0x13,
  SLEEP: 0x14,
  WIFI_OFFLINE: 0x17,
  LBS_WIFI: 0x18,
  LBS_WIFI_OFFLINE: 0x19,
  LBS_WIFI_4G: 0x1a,
  LBS_WIFI_4G_OFFLINE: 0x1b,
  TIME_REQUEST: 0x30,
  COLLAR: 0x56,
  WIFI: 0x69,
  LOCATE_ANSWER: 0x80,
  LOW_BATTERY: 0x81,
  CHARGER_CONNECTED: 0x82,
  CHARGER_DISCONNECTED: 0x83,
  VIBRATION: 0x94,
  SOS: 0x99,
} as const;

export type GpsType = 0x08 | 0x09 | 0x10 | 0x11;
export type WifiLbsType = 0x17 | 0x18 | 0x19 | 0x1a | 0x1b | 0x69;
export const WIFI_LBS_TYPES: readonly WifiLbsType[] = [0x17, 0x18, 0x19, 0x1a, 0x1b, 0x69];

export function isWifiLbsType(type: number): type is WifiLbsType {
  return (WIFI_LBS_TYPES as readonly number[]).includes(type);
}

/** Types sent while the device was offline (history upload). */
export function isBufferedType(type: number): boolean {
  return type === 0x09 || type === 0x11 || type === 0x17 || type === 0x19 || type === 0x1b;
}

/** The alarm byte of GPS and WI-FI/LBS frames. `raw` keeps the undocumented bits. */
export interface AlarmFlags {
  raw: number;
  vibration: boolean;
  overspeed: boolean;
  lowPower: boolean;
}

export function alarmFlags(raw: number): AlarmFlags {
  return { raw, vibration: (raw & 0x01) !== 0, overspeed: (raw & 0x02) !== 0, lowPower: (raw & 0x10) !== 0 };
}

export interface AccessPoint {
  /** Lower-case, colon-separated: 'a4:39:b3:73:81:3c'. */
  mac: string;
  /** Negative dBm (the frame carries the magnitude). */
  signalDbm: number;
}

export interface Cell {
  mcc: number;
  mnc: number;
  /** LAC (2-byte frames) or TAC (4-byte frames). */
  lac: number;
  /** CI (2-byte frames) or ECI (4-byte frames). */
  cellId: number;
  /** The raw signal byte, as the device sends it. */
  signal: number;
}

export type CellWidth = 2 | 4;

export interface LoginMessage {
  kind: 'login';
  type: 0x01;
  /** 15 digits. */
  imei: string;
  firmware: number;
}

export interface HeartbeatMessage {
  kind: 'heartbeat';
  type: 0x08;
}

export interface GpsMessage {
  kind: 'gps';
  /** 0x10/0x11: GPS fix; 0x08/0x09: GPS format 2. Decides the layout when encoding. */
  type: GpsType;
  time: Date;
  latitude: number;
  longitude: number;
  speedKmh: number;
  course: number;
  satellites: number;
  valid: boolean;
  /** Sent from the device's offline store (0x11, 0x09). */
  buffered: boolean;
  /** Metres; 0x10/0x11 only, when the frame carries it. */
  altitude?: number;
  /** 0x10/0x11 only, when the frame carries it. */
  alarms?: AlarmFlags;
}

export interface StatusMessage {
  kind: 'status';
  type: 0x13;
  /** Percent, 0–100; absent when the device sent a byte outside that (unknown, field-domain.ts). */
  battery?: number;
  firmware: number;
  /** The raw timezone byte (8 = UTC+8 in the vendor's samples; negative zones are undocumented). */
  timezone: number;
  statusIntervalMin: number;
  /** Percent, 0–100 (as in the samples); absent when the frame has no signal byte or it is outside that. */
  signal?: number;
  /** Three bytes whose encoding is undocumented, kept as a big-endian 24-bit number. */
  temperatureRaw?: number;
  charging?: boolean;
  heartRate?: number;
}

export interface WifiLbsMessage {
  kind: 'wifiLbs';
  type: WifiLbsType;
  time: Date;
  accessPoints: AccessPoint[];
  mcc: number;
  mnc: number;
  cells: Cell[];
  /** Width of each LAC/CI field in this frame. */
  cellWidth: CellWidth;
  alarm?: AlarmFlags;
  buffered: boolean;
}

export interface SimpleMessage<K extends string, T extends number> {
  kind: K;
  type: T;
}

export interface CollarMessage {
  kind: 'collar';
  type: 0x56;
  /** Vendor document: flag 00 = taken off, 01 = worn. */
  removed: boolean;
}

export interface LocateAnswerMessage {
  kind: 'locateAnswer';
  type: 0x80;
  /** Why the device sent no position after "locate now" (1–7). */
  reason: number;
  label: string;
}

export interface ChargerMessage {
  kind: 'charger';
  type: 0x82 | 0x83;
  connected: boolean;
}

export interface UnknownMessage {
  kind: 'unknown';
  type: number;
  length: number;
  body: Uint8Array;
}

/** A known type whose body does not hold what docs/protocols/TOPIN.md says it holds. */
export interface MalformedMessage {
  kind: 'malformed';
  type: number;
  reason: string;
}

export type TopinMessage =
  | LoginMessage
  | HeartbeatMessage
  | GpsMessage
  | StatusMessage
  | SimpleMessage<'sleep', 0x14>
  | WifiLbsMessage
  | SimpleMessage<'timeRequest', 0x30>
  | CollarMessage
  | LocateAnswerMessage
  | SimpleMessage<'lowBattery', 0x81>
  | ChargerMessage
  | SimpleMessage<'vibration', 0x94>
  | SimpleMessage<'sos', 0x99>
  | UnknownMessage
  | MalformedMessage;

const LOCATE_REASONS: Record<number, string> = {
  1: 'incorrect time',
  2: 'too few cells',
  3: 'too few WI-FI access points',
  4: 'cell search repeated more than 3 times',
  5: 'same cell and WI-FI data as before',
  6: 'cell positioning prohibited and no WI-FI',
  7: 'moved less than 50 m',
};

export function locateReasonLabel(reason: number): string {
  return LOCATE_REASONS[reason] ?? 'unknown reason';
}
