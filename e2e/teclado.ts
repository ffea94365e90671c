import { expect, type Locator, type Page } from '@playwright/test';

/** Keyboard-only helpers for the journeys that never click. */

/** Is `alvo` the focused element (also inside a shadow root, as the ALTCHA checkbox is)? */
export const focado = (alvo: Locator) => alvo.evaluate((el) => (el.getRootNode() as Document | ShadowRoot).activeElement === el);

/** Presses Tab (or Shift+Tab) until `alvo` has the focus; fails if it is not reached. */
export async function tabAte(page: Page, alvo: Locator, { voltar = false, max = 40 } = {}) {
  await expect(alvo).toBeVisible();
  for (let i = 0; i < max && !(await focado(alvo)); i++) await page.keyboard.press(voltar ? 'Shift+Tab' : 'Tab');
  await expect(alvo).toBeFocused();
}

/** Tabs to a field and types into it, replacing what was there. */
export async function digitar(page: Page, campo: Locator, texto: string) {
  await tabAte(page, campo);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(texto);
}
