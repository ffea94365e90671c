import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import type { TokenResponse } from '@rastro/shared/schemas/auth';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
// The logged-in frame is a lazy route in the app; loaded here up front, a test's first findBy does
// not spend its wait on transforming it (as when the router imported it statically).
import '@/app/layouts/PrivateLayout';
import { createQueryClient, esquecerAoTrocarDeUsuario } from '@/lib/query-client';
import { iniciarSessao } from '@/lib/sessao';
import { adminToken } from './fixtures';

export { adminToken, clientToken } from './fixtures';

/** Renders the real app (routes, layouts, providers) at `url`, in memory. */
export function renderApp(url: string) {
  const queryClient = createQueryClient({ retry: false });
  onTestFinished(esquecerAoTrocarDeUsuario(queryClient));
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The current address: pathname + search. */
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, queryClient, location };
}

/** Starts a session as if /oauth/token had just answered. */
export function loginAs(token: TokenResponse = adminToken) {
  iniciarSessao(token);
}
