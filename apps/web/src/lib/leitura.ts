/**
 * Checks for reading an answer by hand where zod costs too much: on the share page, its code and
 * start-up (docs/adr/0020); on the map, checking 10,000 positions (docs/adr/0024). Each hand reader
 * is held to the shared zod schema it stands for by a test: what one accepts, the other does.
 */
export type Objeto = Record<string, unknown>;

export const objeto = (v: unknown): v is Objeto => typeof v === 'object' && v !== null && !Array.isArray(v);
/** As z.number(): finite. */
export const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** As z.int(): a safe integer. */
export const inteiro = (v: unknown): v is number => Number.isSafeInteger(v);
export const texto = (v: unknown): v is string => typeof v === 'string';
export const logico = (v: unknown): v is boolean => typeof v === 'boolean';
export const ouNulo =
  <T>(ok: (v: unknown) => v is T) =>
  (v: unknown): v is T | null =>
    v === null || ok(v);
export const umDe =
  <T extends string>(valores: readonly T[]) =>
  (v: unknown): v is T =>
    (valores as readonly unknown[]).includes(v);
/** An array of strings, copied (zod's arrays are new arrays too). */
export function textos(v: unknown): string[] | null {
  if (!Array.isArray(v)) return null;
  for (const t of v) if (!texto(t)) return null;
  return [...(v as string[])];
}
