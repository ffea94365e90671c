import { lado } from '@rastro/shared/geometria';

/** Where a tracker stands with a zone, once decided. */
export type Lado = 'DENTRO' | 'FORA';

export interface EstadoNaZona {
  estado: Lado;
  /** Consecutive positions seen on the other side since the last decision. */
  pendentes: number;
  /** Device time (ms) of the last crossing, if any is known. */
  transicaoEm?: number | null;
}

/** How sure a change of side must be (per deployment: ZONAS_CONFIRMACOES, ZONAS_MARGEM_METROS). */
export interface Regras {
  /** Consecutive positions on the other side that change the state (2). */
  confirmacoes: number;
  /** One position whose whole uncertainty circle is this far beyond the border changes it at once (50 m). */
  margemMetros: number;
  /**
   * A crossing less than this (device time) after the last one waits (ALERTAS_JANELA_SEGUNDOS): at
   * most one crossing, and so one event, per tracker and zone in that time. 0 or absent: no wait.
   */
  intervaloMinimoMs?: number;
}

export type Decisao =
  /** Nothing to write. */
  | { tipo: 'igual' }
  /** The state to keep now; `transicao` when the tracker crossed the border. */
  | { tipo: 'novo'; estado: EstadoNaZona; transicao: 'ENTRADA' | 'SAIDA' | null };

const IGUAL: Decisao = { tipo: 'igual' };

/**
 * One position against a zone: `distancia` is the signed distance to the border (negative
 * inside), `precisao` the position's accuracy radius. Only a position whose whole uncertainty
 * circle is on one side counts; the first such position decides the state silently (a new zone,
 * a new tracker); afterwards the state changes after `confirmacoes` consecutive positions on the
 * other side, or one beyond the margin. A position that cannot tell breaks a streak.
 */
export function decidir(
  atual: EstadoNaZona | undefined,
  distancia: number,
  precisao: number,
  regras: Regras,
  /** The position's device time (ms): a crossing within `intervaloMinimoMs` of the last one waits. */
  quando?: number,
): Decisao {
  const visto = lado(distancia, precisao);
  if (visto === 'INCERTO')
    return atual && atual.pendentes > 0 ? { tipo: 'novo', estado: { ...atual, pendentes: 0 }, transicao: null } : IGUAL;
  if (!atual) return { tipo: 'novo', estado: { estado: visto, pendentes: 0 }, transicao: null };
  if (visto === atual.estado) return atual.pendentes > 0 ? { tipo: 'novo', estado: { ...atual, pendentes: 0 }, transicao: null } : IGUAL;
  const alem = Math.abs(distancia) - precisao;
  const pendentes = atual.pendentes + 1;
  if (pendentes >= regras.confirmacoes || alem > regras.margemMetros) {
    const desde = atual.transicaoEm;
    if (quando !== undefined && desde !== null && desde !== undefined && quando - desde < (regras.intervaloMinimoMs ?? 0)) {
      // Too soon after the last crossing: the side is held, the streak one short of confirming,
      // so the first position on this side after the wait crosses.
      const retida = Math.min(pendentes, regras.confirmacoes - 1);
      return retida === atual.pendentes ? IGUAL : { tipo: 'novo', estado: { ...atual, pendentes: retida }, transicao: null };
    }
    return {
      tipo: 'novo',
      estado: { estado: visto, pendentes: 0, ...(quando === undefined ? {} : { transicaoEm: quando }) },
      transicao: visto === 'FORA' ? 'SAIDA' : 'ENTRADA',
    };
  }
  return { tipo: 'novo', estado: { ...atual, pendentes }, transicao: null };
}
