import type { GeolocationProvider, LocalizacaoResolvida, Varredura } from './tipos';

/**
 * A geolocation service in the Google Geolocation / Mozilla Ichnaea request format
 * (GEOLOCATION_URL, GEOLOCATION_KEY as `?key=`). Any failure is "no position", never an error:
 * the scan is stored anyway.
 */
export class HttpGeolocationProvider implements GeolocationProvider {
  constructor(
    private readonly url: string,
    private readonly key: string | undefined,
    private readonly timeoutMs = 3000,
  ) {}

  async resolver(v: Varredura): Promise<LocalizacaoResolvida | null> {
    if (v.accessPoints.length === 0 && v.cells.length === 0) return null;
    const corpo = {
      considerIp: false,
      wifiAccessPoints: v.accessPoints.map((a) => ({ macAddress: a.mac, signalStrength: a.signalDbm })),
      cellTowers: v.cells.map((c) => ({
        mobileCountryCode: c.mcc,
        mobileNetworkCode: c.mnc,
        locationAreaCode: c.lac,
        cellId: c.cellId,
        signalStrength: c.signal,
      })),
    };
    const alvo = this.key ? `${this.url}${this.url.includes('?') ? '&' : '?'}key=${encodeURIComponent(this.key)}` : this.url;
    try {
      const res = await fetch(alvo, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(corpo),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!res.ok) return null;
      const json = (await res.json()) as { location?: { lat?: unknown; lng?: unknown }; accuracy?: unknown };
      const { lat, lng } = json.location ?? {};
      if (typeof lat !== 'number' || typeof lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
      return {
        latitude: lat,
        longitude: lng,
        precisao: typeof json.accuracy === 'number' ? json.accuracy : 1000,
        fonte: v.accessPoints.length > 0 ? 'WIFI' : 'LBS',
      };
    } catch {
      return null;
    }
  }
}
