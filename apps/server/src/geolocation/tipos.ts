/** A WI-FI/LBS scan as a device reports it (no coordinates). */
export interface Varredura {
  accessPoints: { mac: string; signalDbm: number }[];
  cells: { mcc: number; mnc: number; lac: number; cellId: number; signal: number }[];
}

export interface LocalizacaoResolvida {
  latitude: number;
  longitude: number;
  /** Accuracy radius, metres. */
  precisao: number;
  fonte: 'WIFI' | 'LBS';
}

/** Turns a scan into a position, or null when it cannot. */
export interface GeolocationProvider {
  resolver(v: Varredura): Promise<LocalizacaoResolvida | null>;
}
