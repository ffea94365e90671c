import { SNACKBAR_MS } from '@rastro/shared/constants';

/**
 * Snackbars. notistack itself loads apart from the first screen (lib/Snackbars.tsx, lazy, 7 s and
 * aria-live): a message sent before it is up waits here and shows as soon as it is, unless it
 * waited longer than a snackbar would have stayed.
 */
export type Variante = 'error' | 'success' | 'warning' | 'info';
type Entregar = (message: string, variant: Variante) => void;

let entregar: Entregar | undefined;
const pendentes: { message: string; variant: Variante; em: number }[] = [];

/** The snackbar host, once mounted, takes the waiting messages and every later one; `undefined` when it unmounts. */
export function conectarSnackbars(fn: Entregar | undefined) {
  entregar = fn;
  if (!fn) return;
  const agora = Date.now();
  for (const p of pendentes.splice(0)) if (agora - p.em < SNACKBAR_MS) fn(p.message, p.variant);
}

function mostrar(message: string, variant: Variante) {
  if (entregar) entregar(message, variant);
  else pendentes.push({ message, variant, em: Date.now() });
}

export const mostrarErro = (message: string) => mostrar(message, 'error');
export const mostrarSucesso = (message: string) => mostrar(message, 'success');
export const mostrarAviso = (message: string) => mostrar(message, 'warning');
export const mostrarInfo = (message: string) => mostrar(message, 'info');
