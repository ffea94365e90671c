/**
 * A pet's colour: picked from a palette by its tracker, so the same pet has the same colour for
 * its owner and its guardians, on every screen. Every colour carries white text at ≥ 4.5:1.
 */
export const CORES_PET = ['#1565c0', '#6a1b9a', '#00695c', '#ad1457', '#4e342e', '#283593', '#2e7d32', '#bf360c'] as const;

export const corDoPet = (rastreadorId: number): string => CORES_PET[Math.abs(rastreadorId) % CORES_PET.length] ?? CORES_PET[0];

/** The letter shown when a pet has no photo: the first letter of its name ('?' when it has none). */
export const inicialDoPet = (nome: string): string => {
  const letra = nome.trim().match(/\p{L}|\p{N}/u)?.[0];
  return letra ? letra.toLocaleUpperCase('pt-BR') : '?';
};
