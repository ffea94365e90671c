/** Percentile by nearest rank over samples sorted in place (`p` in 0..100). */
export function percentil(amostras: Float64Array, p: number): number {
  if (amostras.length === 0) return Number.NaN;
  amostras.sort();
  const i = Math.min(amostras.length - 1, Math.max(0, Math.ceil((p / 100) * amostras.length) - 1));
  return amostras[i] ?? Number.NaN;
}

/** The middle sample, or the mean of the two middle ones (NaN without samples). */
export function mediana(v: readonly number[]): number {
  const s = [...v].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? (s[m] ?? Number.NaN) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
}

export const dormir = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
