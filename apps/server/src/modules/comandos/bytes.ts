import { gpsOffWindow, gpsOffWindowDisabled, locateNow, setUploadInterval, shutdown } from '@rastro/topin/server-to-device/encode';
import { INTERVALO_MAXIMO_DISPOSITIVO_S } from '@rastro/shared/constants';

/** The shortest upload interval a TOPIN device accepts, in seconds. */
export const INTERVALO_MINIMO_DISPOSITIVO_S = 10;

/**
 * The TOPIN bytes of a queued command, or null when the protocol has no such command
 * (docs/protocols/TOPIN.md, server → device). GPS off is the GPS-off window (0x46) over the
 * whole day: the dedicated 0x34's payload is left to the vendor's document.
 */
export function bytesDoComando(tipo: string, parametros: unknown): Uint8Array | null {
  switch (tipo) {
    case 'DESLIGAR':
      return shutdown();
    case 'LOCALIZAR':
      return locateNow();
    case 'GPS_DESLIGAR':
      return gpsOffWindow('00:00', '23:59');
    case 'GPS_LIGAR':
      return gpsOffWindowDisabled();
    case 'INTERVALO': {
      const s = (parametros as { segundos?: unknown } | null)?.segundos;
      return typeof s === 'number'
        ? setUploadInterval(Math.min(INTERVALO_MAXIMO_DISPOSITIVO_S, Math.max(INTERVALO_MINIMO_DISPOSITIVO_S, Math.round(s))))
        : null;
    }
    default:
      return null;
  }
}
