import { lado } from '@rastro/shared/geometria';

/** Where a tracker stands with a zone, once decided. */
export type Lado = 'DENTRO' | 'FORA';

export interface EstadoNaZona {
  estado: Lado;
  /** Consecutive positions seen on the other side since the last decision. */
  pendentes: number;
}

/** How sure a change of side must be (per deployment: ZONAS_CONFIRMACOES, ZONAS_MARGEM_METROS). */
export interface Regras {
  /** Consecutive positions on the other side that change the state (2). */
  confirmacoes: number;
  /** One position whose whole uncertainty circle is this far beyond the border changes it at once (50 m). */
  margemMetros: number;
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
export function decidir(atual: EstadoNaZona | undefined, distancia: number, precisao: number, regras: Regras): Decisao {
  const visto = lado(distancia, precisao);
  if (visto === 'INCERTO')
    return atual && atual.pendentes > 0 ? { tipo: 'novo', estado: { ...atual, pendentes: 0 }, transicao: null } : IGUAL;
  if (!atual) return { tipo: 'novo', estado: { estado: visto, pendentes: 0 }, transicao: null };
  if (visto === atual.estado) return atual.pendentes > 0 ? { tipo: 'novo', estado: { ...atual, pendentes: 0 }, transicao: null } : IGUAL;
  const alem = Math.abs(distancia) - precisao;
  const pendentes = atual.pendentes + 1;
  if (pendentes >= regras.confirmacoes || alem > regras.margemMetros) {
    return { tipo: 'novo', estado: { estado: visto, pendentes: 0 }, transicao: visto === 'FORA' ? 'SAIDA' : 'ENTRADA' };
  }
  return { tipo: 'novo', estado: { ...atual, pendentes }, transicao: null };
}
