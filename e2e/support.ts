import { expect, type Page } from '@playwright/test';

/** Solves the real ALTCHA on the page (proof of work in the browser) and waits for it. */
export async function resolverCaptcha(page: Page): Promise<number> {
  const inicio = Date.now();
  // The widget draws its tick over the input, so a person (and the test) clicks the label.
  await page.getByText('Eu não sou um robô', { exact: true }).click();
  await expect(page.getByText('Verificado')).toBeVisible({ timeout: 30_000 });
  return Date.now() - inicio;
}

export async function entrar(page: Page, email: string, senha: string) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha' }).fill(senha);
  const ms = await resolverCaptcha(page);
  await page.getByRole('button', { name: 'Fazer Login' }).click();
  return ms;
}
