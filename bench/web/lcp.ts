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
  /** What the browser chose: tag and the start of its text. */
  elemento: string;
}

async function medirUma(browser: Browser, url: string, perfil: Perfil | undefined): Promise<Lcp> {
  const context = await novoContexto(browser);
  try {
    const page = await context.newPage();
    if (perfil) await aplicarPerfil(page, perfil);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.getByRole('heading', { name: 'Fazer login' }).waitFor({ timeout: 30_000 });
    // A candidate is reported after the frame that painted it.
    await page.waitForTimeout(250);
    return await page.evaluate(
      () =>
        new Promise<Lcp>((resolve, reject) => {
          const limite = setTimeout(() => reject(new Error('nenhuma entrada largest-contentful-paint')), 5000);
          new PerformanceObserver((lista) => {
            const e = lista.getEntries().at(-1) as LargestContentfulPaint | undefined;
            if (!e) return;
            clearTimeout(limite);
            const el = e.element;
            resolve({ ms: e.startTime, elemento: el ? `<${el.tagName.toLowerCase()}> ${(el.textContent ?? '').trim().slice(0, 40)}` : '(removido)' });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
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
    app: { ms: mediana(app.map((l) => l.ms)), elemento: app.at(-1)?.elemento ?? '', amostras: app.map((l) => l.ms) },
    base: { ms: mediana(base.map((l) => l.ms)), elemento: base.at(-1)?.elemento ?? '', amostras: base.map((l) => l.ms) },
  };
}
