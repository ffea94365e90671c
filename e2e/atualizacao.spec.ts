import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { portasLivres, subirServidor, type ServidorDoE2e } from './servidor';
import { entrar } from './support';

/**
 * Issue #33: hashed files are kept a year, so a deploy must still reach a browser that has the
 * service worker. Two real builds — v1 (apps/web/dist, as the other journeys run it) and v2 (built
 * here with another APP_VERSION) — deployed in turn into the directory one server serves, the way
 * an operator replaces the files.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const V2 = `9.${Date.now()}`;

let servidor: ServidorDoE2e | undefined;
let porta: number;
let publicado: string;
let dados: string;
let v2: string;

/**
 * A deploy: the server stops, the build in `origem` replaces what it served (nothing of the previous
 * one stays) and it starts again on the same data.
 */
async function implantar(origem: string) {
  await servidor?.parar();
  for (const item of readdirSync(publicado)) rmSync(path.join(publicado, item), { recursive: true, force: true });
  cpSync(origem, publicado, { recursive: true });
  servidor = await subirServidor(
    porta,
    { WEB_DIST: publicado, ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.senha, APP_VERSION: V2 },
    dados,
  );
}

/** The entry script index.html's inline script loads (ADR 0023), and the worker's version, as the build wrote them. */
function doBuild(dir: string) {
  const entrada = /"entrada":"([^"]+)"/.exec(readFileSync(path.join(dir, 'index.html'), 'utf8'))?.[1];
  const versao = /const VERSAO = "([0-9a-f]+)"/.exec(readFileSync(path.join(dir, 'sw.js'), 'utf8'))?.[1];
  if (!entrada || !versao) throw new Error(`build sem script de entrada ou sem versão do worker em ${dir}`);
  return { entrada, cache: `rastro-app-${versao}` };
}

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  v2 = mkdtempSync(path.join(tmpdir(), 'rastro-web-v2-'));
  const build = spawnSync('npx', ['vite', 'build', '--outDir', v2, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, APP_VERSION: V2 },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build v2 falhou:\n${build.stdout}\n${build.stderr}`);
  publicado = mkdtempSync(path.join(tmpdir(), 'rastro-web-publicado-'));
  dados = mkdtempSync(path.join(tmpdir(), 'rastro-e2e-dados-'));
  porta = await portasLivres();
  await implantar(path.join(root, 'apps/web/dist'));
});

test.afterAll(async () => {
  await servidor?.parar();
  for (const dir of [publicado, dados, v2]) if (dir) rmSync(dir, { recursive: true, force: true });
});

test('deploy v1, open it, deploy v2, open again: the browser runs v2, and its worker serves v2’s login', async ({ browser }) => {
  const build1 = doBuild(publicado);
  const build2 = doBuild(v2);
  expect(build2.entrada).not.toBe(build1.entrada);
  const contexto = await browser.newContext({ baseURL: `http://localhost:${porta}`, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await contexto.newPage();
  const rodape = page.getByRole('contentinfo');

  await test.step('v1: log in; the worker installs and keeps v1', async () => {
    await entrar(page, E2E_ADMIN.email, E2E_ADMIN.senha);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(rodape).toHaveText(/^Rastro · versão /);
    expect(await rodape.textContent()).not.toContain(V2);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => caches.keys())).toContain(build1.cache);
  });

  await test.step('v2 deployed: the next visit runs v2', async () => {
    await implantar(v2);
    // The worker answers with v1's page at once (the app shell, ADR 0023) while it fetches v2's
    // worker; once v2's takes over, the untouched page loads again, as v2.
    await page.goto('/admin/dashboard');
    await expect(rodape).toHaveText(`Rastro · versão ${V2}`, { timeout: 60_000 });
    expect(await page.locator('script[type="module"]').first().getAttribute('src')).toBe(build2.entrada);
  });

  await test.step('the v2 worker took over: /auth/login comes from its cache, v2’s page', async () => {
    // The browser checked /sw.js on that navigation (never from the HTTP cache) and installed v2's.
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('rastro-app-'))), { timeout: 30_000 })
      .toContain(build2.cache);
    // Its cache exists from the start of its install: done when nothing is installing or waiting.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registro = await navigator.serviceWorker.getRegistration();
            return Boolean(registro?.active && !registro.installing && !registro.waiting);
          }),
        { timeout: 30_000 },
      )
      .toBe(true);
    // Signed out (a signed-in session would be sent on from the login to the dashboard), then offline.
    await page.goto('/admin/logout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await contexto.setOffline(true);
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
    // The login page names the entry it loads on the first interaction (ADR 0020): v2's.
    const documento = await page.content();
    expect(documento).toContain(build2.entrada);
    expect(documento).not.toContain(build1.entrada);
    await contexto.setOffline(false);
  });
  await contexto.close();
});
