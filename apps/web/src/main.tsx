import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('#root não encontrado');

// The service worker (offline page, cached assets, push alerts: src/sw/worker.ts) only in a build: in
// development it would serve stale modules. After 'load', so it never competes with the first screen.
// Kept short: this is the entry of every page (bench/web budget). A failed registration only logs.
// Before the await below: the top-level await holds this module past 'load'. On login.html this module
// is imported on the first interaction, often after 'load' (whose script registered the worker already).
const registrar = () => void navigator.serviceWorker.register('/sw.js');
if (import.meta.env.PROD && 'serviceWorker' in navigator)
  if (document.readyState === 'complete') registrar();
  else addEventListener('load', registrar);

const router = createAppRouter();

/**
 * The first render waits for the route's lazy modules: its first commit is the page itself, not an
 * empty frame, so a page drawn in the HTML (login.html) gives way to the real one without a gap.
 */
async function rotaCarregada() {
  if (router.state.initialized) return;
  await new Promise<void>((resolve) => {
    const parar = router.subscribe((s) => {
      if (!s.initialized) return;
      parar();
      resolve();
    });
  });
}

await rotaCarregada();
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
