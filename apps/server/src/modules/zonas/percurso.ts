import { distanciaMetros, type Ponto } from '@rastro/shared/geometria';
import { decidir, type EstadoNaZona, type Regras } from './histerese';

/** A committed position, as the evaluator applies it. */
export interface LocalizacaoAvaliada extends Ponto {
  /** Device time, ms. */
  quando: number;
  /** Accuracy radius, metres. */
  precisao: number;
}

/** A zone ready for measuring: `distancia` as `preparar` (geometria.ts), `parteCerta` as its namesake. */
export interface ZonaMedivel {
  distancia: (p: Ponto) => number;
  parteCerta: number;
}

/** One tracker in one zone through a batch of its positions: where it stood, and what changed. */
export interface Par<Z extends ZonaMedivel, P extends LocalizacaoAvaliada> {
  zona: Z;
  estado: EstadoNaZona | undefined;
  /** Device time of the newest position applied to this pair. */
  vistoAte: number;
  mudou: boolean;
  /** Border crossings, in order, with the position that decided each. */
  transicoes: { tipo: 'ENTRADA' | 'SAIDA'; localizacao: P }[];
}

/**
 * Where a settled tracker was last measured against all its zones, and how far it may wander from
 * there with every zone sure to decide nothing new: the signed distance to a border changes by at
 * most the distance moved, so a position within `raio` is on the same side of every border, and
 * whatever its accuracy, the hysteresis keeps a settled state (same side, or uncertain). The
 * smallest certain distance of any zone (`parteCerta`), at most RAIO_MAX_METROS.
 */
export interface Ancora extends Ponto {
  raio: number;
}

const RAIO_MAX_METROS = 1000;
/** Spent on rounding: the anchor's radius is this much short of the certain distance. */
const FOLGA_METROS = 1;

/** Whether `p` is within the anchor's radius: a position there needs no measuring. */
export const perto = (ancora: Ancora, p: Ponto) => distanciaMetros(ancora, p) < ancora.raio;

/**
 * A pair's certain distance to the border on the side it stands, when its state is settled there
 * (decided, no streak under way) and the measured distance `d` agrees with it; otherwise ≤ 0.
 */
function certa(par: Par<ZonaMedivel, LocalizacaoAvaliada>, d: number): number {
  const e = par.estado;
  if (!e || e.pendentes > 0) return 0;
  return (e.estado === 'DENTRO' ? -d : d) * par.zona.parteCerta - FOLGA_METROS;
}

/**
 * Applies one tracker's positions, oldest first, to its pairs (one per zone) with the hysteresis of
 * `decidir`; a position older than a pair's newest applied one is skipped for that pair. A position
 * within the anchor's radius decides "same side" in every zone without measuring: exactly what
 * measuring would have decided (percurso.test.ts). Returns the anchor for the next batch, or
 * undefined when the tracker is not settled in every zone (or `ancora` was not asked for: null).
 */
export function percorrer<Z extends ZonaMedivel, P extends LocalizacaoAvaliada>(
  pares: readonly Par<Z, P>[],
  posicoes: readonly P[],
  regras: Regras,
  ancora: Ancora | undefined | null,
): Ancora | undefined {
  let atual = ancora ?? undefined;
  for (const p of posicoes) {
    if (atual && perto(atual, p)) {
      for (const par of pares) if (p.quando > par.vistoAte) par.vistoAte = p.quando;
      continue;
    }
    // Measured against every zone: the anchor moves here when every zone is settled.
    let raio = RAIO_MAX_METROS;
    for (const par of pares) {
      if (p.quando <= par.vistoAte) {
        // This pair stands where a newer position left it, not here.
        raio = 0;
        continue;
      }
      par.vistoAte = p.quando;
      const d = par.zona.distancia(p);
      const decisao = decidir(par.estado, d, p.precisao, regras, p.quando);
      if (decisao.tipo !== 'igual') {
        par.estado = decisao.estado;
        par.mudou = true;
        if (decisao.transicao) par.transicoes.push({ tipo: decisao.transicao, localizacao: p });
      }
      raio = Math.min(raio, certa(par, d));
    }
    // NaN (a position without a place) anchors nothing.
    atual = ancora !== null && raio > 0 ? { latitude: p.latitude, longitude: p.longitude, raio } : undefined;
  }
  return ancora === null ? undefined : atual;
}
