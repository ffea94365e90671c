import type { Executor } from '../../db/client';
import { atualizar, estado } from './repository';

/**
 * What other modules change on a tracker: the TOPIN gateway as its device talks (last contact,
 * battery, alarms, power-off, a disputed IMEI), the owner's link, and a power-off asked for.
 */
export {
  atualizarBateria,
  marcarAlerta,
  marcarDesligado,
  marcarOrigensAlternadas,
  marcarVinculado,
  rastreadorParaVincular,
  registrarComunicacao,
} from './repository';

/** The tracker's power state (undefined: no such tracker). */
export const situacaoEnergiaDoRastreador = async (db: Executor, id: number) => (await estado(db, id))?.situacaoEnergia;

/** A power-off was asked: the tracker waits for its device to drop off. */
export const marcarAguardandoDesligamento = (db: Executor, id: number) => atualizar(db, id, { situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO' });
