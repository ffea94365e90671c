import { expect, test, type Page } from '@playwright/test';
import { MSG } from '@rastro/shared/messages';
import { E2E_ADMIN } from './env';
import { entrar, resolverCaptcha, tokenDaPagina } from './support';

test('o administrador entra resolvendo o ALTCHA real e cai no dashboard', async ({ page }) => {
  const ms = await entrar(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  test.info().annotations.push({ type: 'captcha-ms', description: String(ms) });
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.screenshot({ path: test.info().outputPath('dashboard.png') });
});

/**
 * The login drawn in the HTML (login.html) is a working form from its first paint (issue #18,
 * docs/adr/0011-login-funcional-no-html.md): with the app's JavaScript blocked it still solves the
 * captcha, logs in and goes on; with the JavaScript slow, React takes over what was typed and solved.
 */
test.describe('o login desenhado no HTML', () => {
  test('entra sem o JavaScript da aplicação (bloqueado) e guarda a sessão onde a aplicação a lê', async ({ page }) => {
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/auth/login?redirect=%2Fadmin%2Fusuarios');
    await expect(page.locator('#login-estatico form[data-pronto]')).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: 'Senha' }).fill(E2E_ADMIN.senha);
    await resolverCaptcha(page);
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    expect(await tokenDaPagina(page)).not.toBe('');
    const sessao = await page.evaluate(() => localStorage.getItem('rastro_sessao'));
    expect(JSON.parse(sessao ?? 'null')).toMatchObject({ usuario: { email: E2E_ADMIN.email }, emulacao: null });

    // With the JavaScript back, the app takes the session as its own.
    await page.unroute('**/assets/**');
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('sem o JavaScript: pede os campos e o CAPTCHA, e diz quando o e-mail ou a senha não conferem', async ({ page }) => {
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await expect(page.getByText(MSG.campoObrigatorio)).toHaveCount(2);
    await expect(page.getByText(MSG.resolvaCaptcha)).toBeVisible();

    await page.getByRole('textbox', { name: 'E-mail' }).fill('ninguem@e2e.rastro.test');
    await page.getByRole('textbox', { name: 'Senha' }).fill('SenhaErrada1');
    await resolverCaptcha(page);
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.emailOuSenhaInvalidos })).toBeVisible();
    // A used proof of work is not offered again.
    await expect(page.getByText('Eu não sou um robô', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('com o JavaScript lento, o React assume o que foi digitado e o CAPTCHA resolvido, e o login segue', async ({ page }) => {
    let liberar = () => {};
    const liberado = new Promise<void>((resolve) => (liberar = resolve));
    await page.route('**/assets/**', async (route) => {
      await liberado;
      await route.continue();
    });
    // Not 'load' (nor DOMContentLoaded): both wait for the module scripts held above.
    await page.goto('/auth/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'E-mail' }).fill(E2E_ADMIN.email);
    await page.getByRole('textbox', { name: 'Senha' }).fill(E2E_ADMIN.senha);
    await resolverCaptcha(page);
    await expect(page.locator('#login-estatico')).toBeVisible();

    liberar();
    await expect(page.locator('#login-estatico')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(E2E_ADMIN.email);
    await expect(page.getByLabel(/^Senha/)).toHaveValue(E2E_ADMIN.senha);
    await expect(page.getByText('Verificado')).toBeVisible();
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('com o service worker instalado, /auth/login vem do cache dele, mesmo sem rede', async ({ page, context }) => {
    await page.goto('/auth/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await context.setOffline(true);
    try {
      // Any other page without a network is the offline page (e2e/push.spec.ts).
      await page.goto('/auth/login?redirect=%2Fuser%2Fmapa');
      await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
      await expect(page.getByText(MSG.offline)).toHaveCount(0);
      await page.getByRole('textbox', { name: 'E-mail' }).fill(E2E_ADMIN.email);
      await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(E2E_ADMIN.email);
    } finally {
      await context.setOffline(false);
    }
  });
});

/** `texto` is on screen exactly once (page, alert or snackbar), and no copy turns up a moment later. */
async function mostradaUmaVez(page: Page, texto: string) {
  const visiveis = page.getByText(texto, { exact: true }).filter({ visible: true });
  await expect(visiveis).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(visiveis).toHaveCount(1);
}

test.describe('no celular', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('um link de senha com token inválido cai em /auth/login, com a mensagem de link expirado uma vez só', async ({ page }) => {
    await page.goto('/auth/alterar-sua-senha/token-que-nao-existe');
    await expect(page).toHaveURL((url) => url.pathname === '/auth/login' && url.search === '' && url.hash === '');
    await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
    await mostradaUmaVez(page, MSG.linkInvalido);
    await page.screenshot({ path: test.info().outputPath('link-de-senha-invalido.png') });
  });
});
