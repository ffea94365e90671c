import { INTERVALO_MAXIMO_DISPOSITIVO_S } from '@rastro/shared/constants';
import type { Database } from '../../db/client';
import { CANAL_COMANDOS } from '../../lib/canais';
import type { NovoComando } from './repository';

export interface ModoBateria {
  intervaloLocalizacao: number;
  economiaBateria: string;
  ultraEconomiaBateria: string;
  periUltraEconBateria: number | null;
}

/** Ultra economy without a chosen period falls back to one hour. */
const PERIODO_ULTRA_PADRAO = 60;

/**
 * The device commands of a battery mode (ARCHITECTURE.md): normal = GPS on at the owner's
 * interval; economia = GPS off, same interval; ultra economia = GPS off at the ultra period.
 * TOPIN devices accept at most 7,200 s, so longer ultra periods are capped there.
 */
export function comandosDoModo(m: ModoBateria): NovoComando[] {
  const ultra = m.ultraEconomiaBateria === 'V';
  const gpsDesligado = ultra || m.economiaBateria === 'V';
  const minutos = ultra ? (m.periUltraEconBateria ?? PERIODO_ULTRA_PADRAO) : m.intervaloLocalizacao;
  return [
    { tipo: gpsDesligado ? 'GPS_DESLIGAR' : 'GPS_LIGAR' },
    { tipo: 'INTERVALO', parametros: { segundos: Math.min(minutos * 60, INTERVALO_MAXIMO_DISPOSITIVO_S) } },
  ];
}

/** Wakes whichever instance holds each device's connection (LISTEN/NOTIFY), after the commit. */
export async function avisarGateway(database: Database, rastreadorIds: readonly number[]) {
  for (const id of new Set(rastreadorIds)) await database.notify(CANAL_COMANDOS, String(id));
}
