import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { MSG } from '@rastro/shared/messages';
import { isApiError } from './api-error';
import { mostrarErro } from './snackbar';

/**
 * A failed save: the server's field errors go on the fields the form has (the first one gets
 * the focus); anything else is shown in a snackbar — the server's message, or `fallback` when
 * the server said nothing of its own. Errors the client already showed are left alone.
 */
export function reportSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  fallback: string = MSG.erroSalvarRegistro,
): void {
  if (!isApiError(error)) {
    mostrarErro(fallback);
    return;
  }
  if (error.handled) return;
  if (!error.hasServerMessage) {
    mostrarErro(fallback);
    return;
  }
  const known = new Set<string>(fields);
  let placed = 0;
  let unplaced: string | undefined;
  for (const e of error.body?.errors ?? []) {
    if (known.has(e.campo)) {
      setError(e.campo as FieldPath<T>, { type: 'server', message: e.message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced ??= e.message;
    }
  }
  if (placed === 0) mostrarErro(error.message);
  else if (unplaced) mostrarErro(unplaced);
}
