/// <reference lib="dom" />
import type { Browser } from '@playwright/test';
import { mediana } from '../lib/stats';
import { aplicarPerfil, novoContexto, type Perfil } from './navegador';
import { digitarEConferir, lerPronto, observarPronto, type Pronto } from './pronto';

/**
 * The login on a repeat visit: a first visit in a fresh profile installs the app's service worker
 * (apps/web/dist/sw.js, registered by the app after 'load') and waits until it controls the page;
 * then the worker is stopped, as it is when a visitor comes back later (its start-up counts), the
 * phone profile is applied and the login is opened again in the same profile (HTTP cache, worker
 * and its caches kept), measured like the first visit (pronto.ts).
 */
export interface Repetida extends Pronto {
  /** Whether the worker answered the navigation (its cache) and, from navigation start: its start, the document's first byte, the first paint. */
  documento: 'worker' | 'rede';
  workerMs: number;
  primeiroByteMs: number;
  fcpMs: number;
}

async function medirUma(browser: Browser, url: string, perfil: Perfil): Promise<Repetida> {
  const context = await novoContexto(browser);
  try {
    const page = await context.newPage();
    await observarPronto(page);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await lerPronto(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await aplicarPerfil(page, perfil);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    const pronto = await lerPronto(page, 60_000);
    const doc = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      return {
        documento: nav && nav.workerStart > 0 ? ('worker' as const) : ('rede' as const),
        workerMs: nav?.workerStart ?? Number.NaN,
        primeiroByteMs: nav?.responseStart ?? Number.NaN,
        fcpMs: fcp,
      };
    });
    const reactMs = await digitarEConferir(page, 'visitante@exemplo.com', 'Segredo123');
    return { ...pronto, ...doc, reactMs };
  } finally {
    await context.close();
  }
}

export async function medirRepetida(browser: Browser, url: string, vezes: number, perfil: Perfil) {
  const amostras: Repetida[] = [];
  for (let i = 0; i < vezes; i++) amostras.push(await medirUma(browser, url, perfil));
  const reacts = amostras.map((a) => a.reactMs).filter((v): v is number => v !== null);
  return {
    ms: mediana(amostras.map((a) => a.ms)),
    reactMs: reacts.length ? mediana(reacts) : Number.NaN,
    amostras,
  };
}
