import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { entrar } from './support';

test('o administrador entra resolvendo o ALTCHA real e cai no dashboard', async ({ page }) => {
  const ms = await entrar(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  test.info().annotations.push({ type: 'captcha-ms', description: String(ms) });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.screenshot({ path: test.info().outputPath('dashboard.png') });
});
