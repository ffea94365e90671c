import { useMatches } from 'react-router';

/** What a route declares about itself in `handle`. */
export interface RouteHandle {
  /** The page name (top bar, document title, placeholder). */
  title?: string;
  /** On a phone the page fills the screen between the app bar and the bottom bar (the map): no padding, no footer. */
  telaCheiaNoCelular?: boolean;
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

/** Whether the deepest route that says so asks for the whole screen on a phone. */
export function useTelaCheiaNoCelular(): boolean {
  return useHandles().at(-1)?.telaCheiaNoCelular === true;
}
