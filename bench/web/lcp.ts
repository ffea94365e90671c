/// <reference lib="dom" />
import type { Browser, Page } from '@playwright/test';
import { mediana } from '../lib/stats';
import { aplicarPerfil, novoContexto, type Perfil } from './navegador';
import { digitarEConferir, lerPronto, observarPronto, type Pronto } from './pronto';

/**
 * Largest Contentful Paint of a page opened cold (new profile, empty cache), read from the
 * page's own buffered `largest-contentful-paint` entries once the network is idle and the
 * heading shows: the last candidate is the LCP.
 */
export interface Lcp {
  ms: number;
  /** When the login form worked (pronto.ts), or the LCP for a page without one (the baseline). */
  prontoMs: number;
  /** Which form worked first, and when React's page replaced the HTML-drawn one. */
  forma: Pronto['forma'] | null;
  reactMs: number | null;
  /** What the browser chose: tag and the start of its text. */
  elemento: string;
}

/** The page's own buffered `largest-contentful-paint` entries: the last candidate is the LCP. */
function lerLcp(page: Page): Promise<{ ms: number; elemento: string }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; elemento: string }>((resolve, reject) => {
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
}

async function medirUma(browser: Browser, url: string, perfil: Perfil | undefined, login: boolean): Promise<Lcp> {
  const context = await novoContexto(browser);
  try {
    const page = await context.newPage();
    if (perfil) await aplicarPerfil(page, perfil);
    if (login) await observarPronto(page);
    await page.goto(url, { waitUntil: 'commit', timeout: 60_000 });
    let pronto: Pronto | null = null;
    if (login) {
      pronto = await lerPronto(page, 60_000);
      // A visitor types at once; React must take over without losing it (and the LCP is already painted).
      pronto.reactMs = await digitarEConferir(page, 'visitante@exemplo.com', 'Segredo123');
    }
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.getByRole('heading', { name: 'Fazer login' }).waitFor({ timeout: 30_000 });
    // A candidate is reported after the frame that painted it.
    await page.waitForTimeout(250);
    const lcp = await lerLcp(page);
    return { ...lcp, prontoMs: pronto?.ms ?? lcp.ms, forma: pronto?.forma ?? null, reactMs: pronto?.reactMs ?? null };
  } finally {
    await context.close();
  }
}

/** `vezes` cold loads of each page, alternating, so drift on a busy machine hits both alike. */
export async function medirLcp(browser: Browser, paginas: { app: string; base: string }, vezes: number, perfil?: Perfil) {
  const app: Lcp[] = [];
  const base: Lcp[] = [];
  for (let i = 0; i < vezes; i++) {
    app.push(await medirUma(browser, paginas.app, perfil, true));
    base.push(await medirUma(browser, paginas.base, perfil, false));
  }
  const reacts = app.map((l) => l.reactMs).filter((v): v is number => v !== null);
  return {
    app: {
      ms: mediana(app.map((l) => l.ms)),
      prontoMs: mediana(app.map((l) => l.prontoMs)),
      formas: app.map((l) => l.forma ?? '?'),
      reactMs: reacts.length ? mediana(reacts) : Number.NaN,
      elemento: app.at(-1)?.elemento ?? '',
      amostras: app.map((l) => l.ms),
      amostrasPronto: app.map((l) => l.prontoMs),
    },
    base: { ms: mediana(base.map((l) => l.ms)), elemento: base.at(-1)?.elemento ?? '', amostras: base.map((l) => l.ms) },
  };
}
