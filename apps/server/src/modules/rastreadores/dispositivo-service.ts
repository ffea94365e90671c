import type { Executor } from '../../db/client';
import * as repo from './repository';

/**
 * What other modules change on a tracker: the TOPIN gateway as its device talks (last contact,
 * battery, alarms, power-off, a disputed IMEI), the owner's link, and a power-off asked for.
 */
export const registrarComunicacao = (db: Executor, id: number) => repo.registrarComunicacao(db, id);
export const atualizarBateria = (db: Executor, id: number, bateria: number | null, nivelSinal: number | null) =>
  repo.atualizarBateria(db, id, bateria, nivelSinal);
export const marcarAlerta = (db: Executor, id: number) => repo.marcarAlerta(db, id);
export const marcarDesligado = (db: Executor, id: number) => repo.marcarDesligado(db, id);
export const marcarOrigensAlternadas = (db: Executor, id: number) => repo.marcarOrigensAlternadas(db, id);
/** The tracker an owner is linking by IMEI, with its activation code's hash (never leaves the server). */
export const rastreadorParaVincular = (db: Executor, imei: string) => repo.paraVincular(db, imei);
export const marcarVinculado = (db: Executor, id: number) => repo.marcarVinculado(db, id);
/** The tracker's power state (undefined: no such tracker). */
export const situacaoEnergiaDoRastreador = async (db: Executor, id: number) => (await repo.estado(db, id))?.situacaoEnergia;
/** A power-off was asked: the tracker waits for its device to drop off. */
export const marcarAguardandoDesligamento = (db: Executor, id: number) =>
  repo.atualizar(db, id, { situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO' });
