import { distanciaMetros } from '@rastro/shared/geometria';
import type { Calendario } from './calendario';

/** The jitter filter's rules (docs/adr/0013-atividade.md). */
export interface RegrasAtividade {
  /** A fix implying more than this from the anchor is discarded (a GPS jump, a wrong WI-FI guess). */
  velocidadeMaximaKmh: number;
  /** More than this without fixes is not observed time: neither active nor rest. */
  intervaloMaximoMs: number;
  /** Time near the anchor longer than this is rest, even if the pet leaves it later. */
  esperaMaximaMs: number;
  /**
   * A move is credited at most the time a pet at this pace needs to cover it: the pet that rested a
   * while and then left is active only for the last part of the time since the anchor.
   */
  velocidadeReferenciaKmh: number;
}

export const REGRAS_ATIVIDADE_PADRAO: RegrasAtividade = {
  velocidadeMaximaKmh: 60,
  intervaloMaximoMs: 10 * 60_000,
  esperaMaximaMs: 3 * 60_000,
  velocidadeReferenciaKmh: 4,
};

/** A committed position: device time (ms) and its accuracy radius (metres). */
export interface LocalizacaoAtividade {
  quando: number;
  latitude: number;
  longitude: number;
  precisao: number;
}

/**
 * What a tracker's activity computation carries from one fix to the next (persisted per tracker).
 * The anchor is the last place the pet was known to be at; time since `pendenteDesde` is observed
 * but not yet classified: active if the pet leaves the anchor, rest otherwise.
 */
export interface EstadoAtividade {
  latitude: number;
  longitude: number;
  precisao: number;
  /** When the pet was at the anchor (ms). */
  ancoraEm: number;
  /** Start of the observed time not yet counted (ms). */
  pendenteDesde: number;
  /** Device time of the newest fix applied (ms): older ones are ignored. */
  ultimo: number;
}

/** What one day gained: metres, active and rest milliseconds. */
export interface ParcelaDia {
  metros: number;
  ativoMs: number;
  repousoMs: number;
}

export type Parcelas = Map<string, ParcelaDia>;

function somar(dias: Parcelas, dia: string, metros: number, ativoMs: number, repousoMs: number) {
  const p = dias.get(dia);
  if (p) {
    p.metros += metros;
    p.ativoMs += ativoMs;
    p.repousoMs += repousoMs;
  } else {
    dias.set(dia, { metros, ativoMs, repousoMs });
  }
}

const ancora = (f: LocalizacaoAtividade, pendenteDesde: number): EstadoAtividade => ({
  latitude: f.latitude,
  longitude: f.longitude,
  precisao: f.precisao,
  ancoraEm: f.quando,
  pendenteDesde,
  ultimo: f.quando,
});

/**
 * Applies one fix to a tracker's activity: returns the new state (the same object when the fix is
 * ignored) and adds what each day gained to `dias`. Pure but for `dias`.
 *
 * - A move counts only when the fix is farther from the anchor than the two accuracies together:
 *   the anchor then jumps to the fix and the distance is counted. Noise inside the circles never
 *   accumulates, whatever the number of fixes.
 * - A fix that would mean more than `velocidadeMaximaKmh` since the anchor is discarded (a wrong
 *   fix; if it was the anchor that was wrong, the speed falls as time passes and fixes are accepted).
 * - The observed time since the last classification becomes active when the pet leaves the anchor
 *   (at most the time the move takes at `velocidadeReferenciaKmh`; the time before it is rest), and
 *   rest once it stayed longer than `esperaMaximaMs` without leaving. A gap longer than
 *   `intervaloMaximoMs` is not observed: a move across it counts its distance, no minutes.
 * - Fixes not newer than the last applied are ignored (time order: late ones do not rewrite days).
 * - Intervals are split between days at midnight in the calendar's zone; a move's distance is
 *   shared in proportion to its time on each day.
 */
export function aplicarLocalizacao(
  estado: EstadoAtividade | undefined,
  f: LocalizacaoAtividade,
  regras: RegrasAtividade,
  calendario: Calendario,
  dias: Parcelas,
): EstadoAtividade {
  if (!estado) return ancora(f, f.quando);
  const t = f.quando;
  if (t <= estado.ultimo) return estado;
  const d = distanciaMetros(estado, f);
  const real = d > estado.precisao + f.precisao;
  if (real && (d / (t - estado.ancoraEm)) * 3_600 > regras.velocidadeMaximaKmh) return estado;

  if (t - estado.ultimo > regras.intervaloMaximoMs) {
    // The stretch before the gap ended still; the gap itself was not observed.
    repouso(calendario, dias, estado.pendenteDesde, estado.ultimo);
    if (real) {
      somar(dias, calendario.dia(t).dia, d, 0, 0);
      return ancora(f, t);
    }
    return { ...refinada(estado, f), pendenteDesde: t, ultimo: t };
  }

  if (real) {
    const ativo = Math.min(t - estado.pendenteDesde, (d / regras.velocidadeReferenciaKmh) * 3_600);
    repouso(calendario, dias, estado.pendenteDesde, t - ativo);
    calendario.repartir(t - ativo, t, (dia, ms) => somar(dias, dia, (d * ms) / ativo, ms, 0));
    return ancora(f, t);
  }
  if (t - estado.pendenteDesde > regras.esperaMaximaMs) {
    repouso(calendario, dias, estado.pendenteDesde, t);
    return { ...refinada(estado, f), pendenteDesde: t, ultimo: t };
  }
  return { ...refinada(estado, f), ultimo: t };
}

function repouso(calendario: Calendario, dias: Parcelas, de: number, ate: number) {
  calendario.repartir(de, ate, (dia, ms) => somar(dias, dia, 0, 0, ms));
}

/** A fix inside the anchor's circle but more accurate than it takes its place (no distance counted). */
function refinada(estado: EstadoAtividade, f: LocalizacaoAtividade): EstadoAtividade {
  if (f.precisao >= estado.precisao) return estado;
  return { ...estado, latitude: f.latitude, longitude: f.longitude, precisao: f.precisao, ancoraEm: f.quando };
}
