import type { Executor } from '../db/client';
import { centroide } from './centroide';
import { aprenderCelulas, aprenderPontosWifi, buscarCelulas, buscarPontosWifi } from './repository';
import type { GeolocationProvider, LocalizacaoResolvida, Varredura } from './tipos';

/** Typical range of an access point heard by a collar, metres. */
const ALCANCE_WIFI = 50;

/**
 * The default provider: local and offline. It knows the access points and cells the fleet's own
 * GPS fixes have located (plus cells imported from OpenCellID) and resolves a scan by the
 * signal-weighted centroid of what it knows — WI-FI first, cells when no access point is known.
 */
export class LocalGeolocationProvider implements GeolocationProvider {
  constructor(private readonly db: Executor) {}

  async resolver(v: Varredura): Promise<LocalizacaoResolvida | null> {
    const sinais = new Map(v.accessPoints.map((a) => [a.mac.toLowerCase(), a.signalDbm]));
    const aps = await buscarPontosWifi(this.db, [...sinais.keys()]);
    const porWifi = centroide(
      aps.map((a) => ({ latitude: a.latitude, longitude: a.longitude, sinalDbm: sinais.get(a.mac) ?? -90, alcance: ALCANCE_WIFI })),
      'WIFI',
    );
    if (porWifi) return porWifi;
    const conhecidas = await buscarCelulas(this.db, v.cells);
    return centroide(
      conhecidas.map((c) => {
        const ouvida = v.cells.find((x) => x.mcc === c.mcc && x.mnc === c.mnc && x.lac === c.lac && x.cellId === c.cellId);
        return { latitude: c.latitude, longitude: c.longitude, sinalDbm: ouvida ? sinalCelula(ouvida.signal) : -100, alcance: c.alcance };
      }),
      'LBS',
    );
  }

  /** A scan heard close in time to a plausible GPS fix of the same tracker: learn where its emitters are. */
  async aprender(v: Varredura, fix: { latitude: number; longitude: number }, rastreadorId: number) {
    await aprenderPontosWifi(
      this.db,
      v.accessPoints.map((a) => a.mac.toLowerCase()),
      fix.latitude,
      fix.longitude,
      rastreadorId,
    );
    await aprenderCelulas(this.db, v.cells, fix.latitude, fix.longitude, rastreadorId);
  }
}

/** Cells report either dBm (negative) or a 0–255 level; both become dBm. */
const sinalCelula = (s: number) => (s < 0 ? s : -113 + Math.min(62, s) * 2);
