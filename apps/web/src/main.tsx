import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { encerrarPrevia, ROTA_DA_PREVIA } from '@/previa/eventos';

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

/**
 * The worker answers the app's pages from its cache (docs/adr/0023), so after a deploy the first
 * visit still runs the old build while the new build's worker installs. When that worker takes over
 * (a worker replacing another: the first one's claim changes nothing), the page loads again — at
 * once if nobody has touched it yet, else at the next change of page, never under someone's fingers.
 */
let novaVersao = false;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  let controlador = navigator.serviceWorker.controller;
  let tocada = false;
  const tocar = () => (tocada = true);
  for (const tipo of ['pointerdown', 'keydown']) addEventListener(tipo, tocar, { capture: true, once: true, passive: true });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const anterior = controlador;
    controlador = navigator.serviceWorker.controller;
    if (!anterior) return;
    if (tocada) novaVersao = true;
    else location.reload();
  });
}

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
// The map's preview (src/previa) stays only while the page is the map: the map itself sends it away
// once it has its markers (features/mapa/components/mapa/VistaGuardadaLayer.tsx).
if (router.state.location.pathname !== ROTA_DA_PREVIA) encerrarPrevia();
router.subscribe((s) => {
  if (s.location.pathname !== ROTA_DA_PREVIA) encerrarPrevia();
  if (novaVersao && s.navigation.state === 'idle') location.reload();
});
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
