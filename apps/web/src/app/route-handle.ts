import { useMatches } from 'react-router';

/** What a route declares about itself in `handle`. */
export interface RouteHandle {
  /** The page name (top bar, document title, placeholder). */
  title?: string;
}

const isRouteHandle = (h: unknown): h is RouteHandle => typeof h === 'object' && h !== null;

function useHandles(): RouteHandle[] {
  return useMatches()
    .map((m) => m.handle)
    .filter(isRouteHandle);
}

/** The deepest route's title. */
export function useRouteTitle(): string | undefined {
  return useHandles()
    .map((h) => h.title)
    .filter((t): t is string => typeof t === 'string')
    .at(-1);
}
