import { INTERVALO_MAXIMO_DISPOSITIVO_S } from '@rastro/shared/constants';
import type { Executor } from '../../db/client';
import type { Infra } from '../../plugins/infra';
import { CANAL_COMANDOS } from '../../lib/canais';
import { marcarDesligado } from '../rastreadores/alteracoes-service';
import { bytesDoComando, INTERVALO_MINIMO_DISPOSITIVO_S } from './bytes';
import { confirmarDesligamento, marcar, pendentes, type NovoComando } from './repository';

export { comandosPendentes, enfileirar, pedirLocalizacoes, type NovoComando } from './repository';

export interface ComandoParaEnviar {
  id: number;
  tipo: string;
  bytes: Uint8Array;
}

export interface ModoBateria {
  intervaloLocalizacao: number;
  economiaBateria: string;
  ultraEconomiaBateria: string;
  periUltraEconBateria: number | null;
}

/** Ultra economy without a chosen period falls back to one hour. */
const PERIODO_ULTRA_PADRAO = 60;

/**
 * The device commands of a battery mode (docs/ARCHITECTURE.md §5): normal = GPS on at the owner's
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

/**
 * Lost-pet mode (issue #19): GPS on, the shortest interval TOPIN accepts, and a fix now. When it
 * ends, the owner's battery mode (comandosDoModo) is sent again.
 */
export function comandosDoModoPerdido(): NovoComando[] {
  return [{ tipo: 'GPS_LIGAR' }, { tipo: 'INTERVALO', parametros: { segundos: INTERVALO_MINIMO_DISPOSITIVO_S } }, { tipo: 'LOCALIZAR' }];
}

/** Wakes whichever instance holds each device's connection (LISTEN/NOTIFY), after the commit. */
export async function avisarGateway(deps: Pick<Infra, 'database'>, rastreadorIds: readonly number[]) {
  for (const id of new Set(rastreadorIds)) await deps.database.notify(CANAL_COMANDOS, String(id));
}

/**
 * A tracker's pending commands with their TOPIN bytes, oldest first. Those the protocol cannot
 * say are failed here, once and for all.
 */
export async function comandosParaEnviar(db: Executor, rastreadorId: number): Promise<ComandoParaEnviar[]> {
  const prontos: ComandoParaEnviar[] = [];
  const semBytes: number[] = [];
  for (const cmd of await pendentes(db, rastreadorId)) {
    const bytes = bytesDoComando(cmd.tipo, cmd.parametros);
    if (bytes) prontos.push({ id: cmd.id, tipo: cmd.tipo, bytes });
    else semBytes.push(cmd.id);
  }
  await marcar(db, semBytes, 'FALHOU', 'Comando não suportado pelo protocolo TOPIN.');
  return prontos;
}

/** Commands the device received (a frame it sent after them arrived). */
export const marcarEnviados = (db: Executor, ids: readonly number[]) => marcar(db, ids, 'ENVIADO');

/**
 * The device dropped off after a power-off request: the tracker is DESLIGADO and the command is
 * done. False when no power-off was pending.
 */
export async function concluirDesligamento(db: Executor, rastreadorId: number) {
  const desligou = await marcarDesligado(db, rastreadorId);
  if (desligou) await confirmarDesligamento(db, rastreadorId);
  return desligou;
}
