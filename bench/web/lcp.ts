/// <reference lib="dom" />
import type { Browser } from '@playwright/test';
import { aplicarPerfil, mediana, novoContexto, type Perfil } from './navegador';

/**
 * Largest Contentful Paint of a page opened cold (new profile, empty cache), read from the
 * page's own buffered `largest-contentful-paint` entries once the network is idle and the
 * heading shows: the last candidate is the LCP.
 */
export interface Lcp {
  ms: number;
  /** When React's page replaced the one drawn in the HTML (login.html), or the LCP when there was none. */
  prontoMs: number;
  /** What the browser chose: tag and the start of its text. */
  elemento: string;
}

async function medirUma(browser: Browser, url: string, perfil: Perfil | undefined): Promise<Lcp> {
  const context = await novoContexto(browser);
  try {
    const page = await context.newPage();
    if (perfil) await aplicarPerfil(page, perfil);
    // Before any of the page's scripts: the moment the HTML-drawn login (#login-estatico) leaves the document.
    await page.addInitScript(() => {
      let visto = false;
      const w = window as Window & { __rastroPronto?: number };
      new MutationObserver((_m, o) => {
        const existe = document.getElementById('login-estatico') !== null;
        if (existe) visto = true;
        else if (visto) {
          w.__rastroPronto = performance.now();
          o.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.getByRole('heading', { name: 'Fazer login' }).waitFor({ timeout: 30_000 });
    // The app's login page drew itself in the HTML first (login.html): the measure ends on React's page.
    await page.locator('#login-estatico').waitFor({ state: 'detached', timeout: 30_000 });
    // A candidate is reported after the frame that painted it.
    await page.waitForTimeout(250);
    const pronto = await page.evaluate(() => (window as Window & { __rastroPronto?: number }).__rastroPronto);
    const lcp = await page.evaluate(
      () =>
        new Promise<Omit<Lcp, 'prontoMs'>>((resolve, reject) => {
          const limite = setTimeout(() => reject(new Error('nenhuma entrada largest-contentful-paint')), 5000);
          new PerformanceObserver((lista) => {
            const e = lista.getEntries().at(-1) as LargestContentfulPaint | undefined;
            if (!e) return;
            clearTimeout(limite);
            const el = e.element;
            resolve({
              ms: e.startTime,
              elemento: el ? `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').trim().slice(0, 40)}` : '(removido)',
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { ...lcp, prontoMs: pronto ?? lcp.ms };
  } finally {
    await context.close();
  }
}

/** `vezes` cold loads of each page, alternating, so drift on a busy machine hits both alike. */
export async function medirLcp(browser: Browser, paginas: { app: string; base: string }, vezes: number, perfil?: Perfil) {
  const app: Lcp[] = [];
  const base: Lcp[] = [];
  for (let i = 0; i < vezes; i++) {
    app.push(await medirUma(browser, paginas.app, perfil));
    base.push(await medirUma(browser, paginas.base, perfil));
  }
  return {
    app: {
      ms: mediana(app.map((l) => l.ms)),
      prontoMs: mediana(app.map((l) => l.prontoMs)),
      elemento: app.at(-1)?.elemento ?? '',
      amostras: app.map((l) => l.ms),
    },
    base: { ms: mediana(base.map((l) => l.ms)), elemento: base.at(-1)?.elemento ?? '', amostras: base.map((l) => l.ms) },
  };
}
