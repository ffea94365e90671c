import { distanciaMetros } from '@rastro/shared/geometria';

/** Closer than this to the last point kept, a fix adds nothing a person can see on the route: GPS itself is off by about as much. */
export const PASSO_DA_ROTA_METROS = 10;

/**
 * The route as the share page draws it: a point only once the pet moved `passo` metres from the
 * last one kept, and always the newest. Two hours of a lost pet reporting every few seconds are
 * about a thousand fixes, mostly on top of each other; drawing them all costs a phone a long task
 * (docs/adr/0020-o-que-roda-antes-da-primeira-pintura.md).
 */
export function afinar(pontos: readonly (readonly [number, number])[], passo = PASSO_DA_ROTA_METROS): [number, number][] {
  const saida: [number, number][] = [];
  let ultimo: readonly [number, number] | undefined;
  for (const p of pontos) {
    if (ultimo && distanciaMetros({ latitude: ultimo[0], longitude: ultimo[1] }, { latitude: p[0], longitude: p[1] }) < passo) continue;
    saida.push([p[0], p[1]]);
    ultimo = p;
  }
  const fim = pontos.at(-1);
  if (fim && ultimo !== fim) saida.push([fim[0], fim[1]]);
  return saida;
}
