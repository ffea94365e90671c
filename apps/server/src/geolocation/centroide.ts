import type { LocalizacaoResolvida } from './tipos';

/** A known emitter (access point or cell) with the signal the device heard it at. */
export interface Emissor {
  latitude: number;
  longitude: number;
  /** dBm (negative): stronger signal, more weight. */
  sinalDbm: number;
  /** How far this emitter is usually heard, metres (WI-FI ~ 50, a cell ~ 1000s). */
  alcance: number;
}

const R_TERRA = 6_371_000;
const rad = (g: number) => (g * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distancia(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * R_TERRA * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Weight of a signal: received power in milliwatts-ish, so 10 dB stronger weighs 10× more. */
export const pesoDoSinal = (dbm: number) => 10 ** (Math.max(-120, Math.min(-20, dbm)) / 10);

/**
 * Signal-weighted centroid of the emitters heard, with an accuracy radius: the weighted mean
 * distance of the emitters from the centroid plus their weighted typical range, never below the
 * smallest range (one access point cannot place a device closer than it is heard).
 */
export function centroide(emissores: Emissor[], fonte: LocalizacaoResolvida['fonte']): LocalizacaoResolvida | null {
  const validos = emissores.filter(
    (e) => Number.isFinite(e.latitude) && Number.isFinite(e.longitude) && Math.abs(e.latitude) <= 90 && Math.abs(e.longitude) <= 180,
  );
  if (validos.length === 0) return null;
  const pesos = validos.map((e) => pesoDoSinal(e.sinalDbm));
  const total = pesos.reduce((s, p) => s + p, 0);
  const latitude = validos.reduce((s, e, i) => s + e.latitude * (pesos[i] ?? 0), 0) / total;
  const longitude = validos.reduce((s, e, i) => s + e.longitude * (pesos[i] ?? 0), 0) / total;
  const centro = { latitude, longitude };
  const espalhamento = validos.reduce((s, e, i) => s + distancia(centro, e) * (pesos[i] ?? 0), 0) / total;
  const alcance = validos.reduce((s, e, i) => s + e.alcance * (pesos[i] ?? 0), 0) / total;
  const minimo = Math.min(...validos.map((e) => e.alcance));
  return { latitude, longitude, precisao: Math.round(Math.max(minimo, espalhamento + alcance / Math.sqrt(validos.length))), fonte };
}
