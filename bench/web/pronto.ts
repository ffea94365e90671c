/// <reference lib="dom" />
import type { Page } from '@playwright/test';

/**
 * When the login form works — a visitor can type, solve the captcha and submit — measured in the
 * page from navigation start (performance.now()), and no earlier than its first contentful paint:
 * a form nobody sees yet is not ready.
 *
 * - The form drawn in the HTML (login.html, apps/web/login-estatico.html) works once its inline
 *   script has wired it: the script marks the form `data-pronto` as its last step. That it then
 *   really logs in is e2e/login.spec.ts's job (with the app's JavaScript blocked).
 * - React's form works once its captcha widget is there and defined (it needs GET /api/config and
 *   the ALTCHA chunk): the bench looks for it itself, nothing in the app says so.
 */
export interface Pronto {
  /** The form works (ms from navigation start). */
  ms: number;
  /** Which form was the first to work. */
  forma: 'html' | 'react';
  /** When React's page replaced the HTML-drawn one (ms), if it did before the measure ended. */
  reactMs: number | null;
}

interface Marcas {
  __rastroPronto?: number;
  __rastroForma?: 'html' | 'react';
  __rastroReact?: number;
}

/**
 * Installed before any of the page's scripts, on every navigation of the page. Plain JavaScript in a
 * string: tsx would wrap a function's named inner functions in a helper the page does not have.
 */
const OBSERVADOR = `(() => {
  const w = window;
  let visto = false;
  const verificar = () => {
    const estatico = document.getElementById('login-estatico');
    if (estatico) visto = true;
    else if (visto && w.__rastroReact === undefined) w.__rastroReact = performance.now();
    if (w.__rastroPronto !== undefined) return;
    let forma = null;
    if (estatico && estatico.querySelector('form[data-pronto]')) forma = 'html';
    else {
      const form = document.querySelector('form[aria-labelledby="login-titulo"]');
      if (
        form &&
        form.querySelector('input[type="email"]') &&
        form.querySelector('input[type="password"]') &&
        form.querySelector('altcha-widget') &&
        customElements.get('altcha-widget')
      )
        forma = 'react';
    }
    if (forma) {
      w.__rastroPronto = performance.now();
      w.__rastroForma = forma;
    }
  };
  new MutationObserver(verificar).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-pronto'] });
  // The widget's element is upgraded when its module defines it, which no mutation reports.
  customElements.whenDefined('altcha-widget').then(verificar);
})();`;

export async function observarPronto(page: Page) {
  await page.addInitScript({ content: OBSERVADOR });
}

/** Waits for the form to work and returns when it did. */
export async function lerPronto(page: Page, timeout = 30_000): Promise<Pronto> {
  await page.waitForFunction(() => (window as Window & Marcas).__rastroPronto !== undefined, undefined, { timeout });
  const m = await page.evaluate(() => {
    const w = window as Window & Marcas;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    return { pronto: w.__rastroPronto ?? Number.NaN, forma: w.__rastroForma ?? 'react', react: w.__rastroReact ?? null, fcp: fcp ?? null };
  });
  // The paint entry comes after the frame: wait for it rather than count a form not yet on screen.
  let fcp = m.fcp;
  if (fcp === null) {
    const h = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime, undefined, {
      timeout,
    });
    fcp = Number(await h.jsonValue());
  }
  return { ms: Math.max(m.pronto, fcp), forma: m.forma, reactMs: m.react };
}

/**
 * What a visitor does on the form that worked first: types the e-mail and the password. Then, once
 * React has taken over, checks that its form holds what was typed (the hand-over,
 * features/auth/components/login-estatico.ts). Returns when React took over (ms), if it did.
 */
export async function digitarEConferir(page: Page, email: string, senha: string): Promise<number | null> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel(/^Senha/).fill(senha);
  await page.locator('#login-estatico').waitFor({ state: 'detached', timeout: 60_000 });
  const [e, s] = await Promise.all([page.getByRole('textbox', { name: 'E-mail' }).inputValue(), page.getByLabel(/^Senha/).inputValue()]);
  if (e !== email || s !== senha)
    throw new Error(`o formulário do React perdeu o que foi digitado: email '${e}', senha com ${s.length} caracteres`);
  return page.evaluate(() => (window as Window & Marcas).__rastroReact ?? null);
}
