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

/** One Tab must land on `campo` (the order the form is read in); then types into it. */
export async function tabPara(page: Page, campo: Locator, texto: string) {
  await page.keyboard.press('Tab');
  await expect(campo).toBeFocused();
  await page.keyboard.type(texto);
}

/** Tabs to a masked field and types only the digits of `valor`: the mask must show `valor`. */
export async function digitarMascarado(page: Page, campo: Locator, valor: string) {
  await digitar(page, campo, valor.replace(/\D/g, ''));
  await expect(campo).toHaveValue(valor);
}
