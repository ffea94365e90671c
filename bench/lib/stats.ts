/** Percentile by nearest rank over samples sorted in place (`p` in 0..100). */
export function percentil(amostras: Float64Array, p: number): number {
  if (amostras.length === 0) return Number.NaN;
  amostras.sort();
  const i = Math.min(amostras.length - 1, Math.max(0, Math.ceil((p / 100) * amostras.length) - 1));
  return amostras[i] ?? Number.NaN;
}

export const dormir = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
