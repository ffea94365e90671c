import { useLocation } from 'react-router';

/**
 * A form opened from a list goes back to that list as it was (filters, page, order): links to
 * the form carry the list's address in the history state, and the form returns there.
 */

export interface ListReturnState {
  from: string;
}

const isListReturnState = (s: unknown): s is ListReturnState =>
  typeof s === 'object' && s !== null && 'from' in s && typeof s.from === 'string';

/** The state to put on a link (or navigate call) from the current list to one of its forms. */
export function useListReturnState(): ListReturnState {
  const { pathname, search } = useLocation();
  return { from: `${pathname}${search}` };
}

/** Where the form's Voltar (and a successful save) goes: the list it came from, else `listPath`. */
export function useReturnPath(listPath: string): string {
  const { state } = useLocation() as { state: unknown };
  if (!isListReturnState(state)) return listPath;
  const from = state.from;
  // Only back to the same list (never an arbitrary address from the history state).
  return from === listPath || from.startsWith(`${listPath}?`) ? from : listPath;
}
