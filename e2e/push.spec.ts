import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, expect, test } from '@playwright/test';
import { MSG } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import type { MensagemPush } from '@rastro/shared/schemas/push';
import { TEXTOS_PUSH } from '@rastro/web/features/push/textos';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entregarPush, notificacoesDoSistema } from './push';
import { entrar, enviarPosicao } from './support';

/**
 * The owner's phone (issue #18): the installable app and its push alerts, at 390×844 with touch.
 * Headless Chromium has no push service (a subscription's endpoint would be Google's, and there is
 * no internet): subscribing may succeed or end in the control's pt-BR error, and both are checked;
 * the push itself is delivered to the service worker through DevTools (ServiceWorker.deliverPushMessage),
 * as the push service would, with the payload the server sends (mensagemPushSchema).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

const sufixo = String(Date.now()).slice(-6);
const cliente = { nome: `LIA ${sufixo}`, email: `lia.push.${sufixo}@e2e.rastro.test`, senha: 'Lia#Push2026' };
const imei = imeiUnico();
let rastreadorId = 0;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  rastreadorId = (await registrarRastreador(admin, imei)).id;
  await cadastrarCliente(cliente.nome, cliente.email, cliente.senha);
  const vinculo = { imei, descricao: 'REX', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuRastreadorSchema.parse(await api(await tokenDe(cliente.email, cliente.senha), 'POST', '/api/usuarios/rastreadores', vinculo));
  await enviarPosicao(imei, { latitude: -23.5614, longitude: -46.6559, bateria: 76 });
});

test('the owner installs Rastro, turns on alerts on the phone and an alert opens the map on the pet', async ({ page, context }) => {
  await context.grantPermissions(['notifications'], { origin: E2E_URL });
  await entrar(page, cliente.email, cliente.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);

  await test.step('the manifest is linked, valid, and its icons are served', async () => {
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const r = await page.request.get('/manifest.webmanifest');
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const m = (await r.json()) as { icons: { src: string; sizes: string; type: string; purpose: string }[] } & Record<string, unknown>;
    expect(m).toMatchObject({
      name: 'Rastro',
      short_name: 'Rastro',
      lang: 'pt-BR',
      start_url: '/user/mapa',
      display: 'standalone',
      theme_color: '#00695c',
    });
    for (const sizes of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable']) expect(m.icons).toContainEqual(expect.objectContaining({ sizes, purpose }));
    for (const icone of m.icons) {
      const png = await page.request.get(icone.src);
      expect(png.status(), icone.src).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      const corpo = await png.body();
      // The PNG's IHDR: width and height at bytes 16 and 20.
      expect(`${corpo.readUInt32BE(16)}x${corpo.readUInt32BE(20)}`, icone.src).toBe(icone.sizes);
    }
  });

  await test.step('the service worker controls the page and keeps the built assets, never API answers', async () => {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${E2E_URL}/sw.js`);
    const guardados = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const nome of await caches.keys()) for (const r of await (await caches.open(nome)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    expect(guardados).toContain('/offline.html');
    expect(guardados.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(10);
    expect(guardados.filter((u) => /^\/(api|oauth|users)\//.test(u))).toEqual([]);
  });

  await test.step('without network, the app still opens (from the worker: ADR 0023) and says it is offline', async () => {
    await context.setOffline(true);
    await page.goto('/user/zonas');
    await expect(page.getByRole('heading', { name: 'Zonas seguras' })).toBeVisible();
    await expect(page.getByText(MSG.offline).first()).toBeVisible();
    await context.setOffline(false);
  });

  await test.step('"Receber alertas neste aparelho": subscribed, or the pt-BR error where headless Chromium has no push service', async () => {
    await page.goto('/user/notificacoes');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.getByRole('button', { name: TEXTOS_PUSH.ativar }).tap();
    const ativos = page.getByText(TEXTOS_PUSH.ativos);
    const erro = page.getByRole('alert').filter({ hasText: TEXTOS_PUSH.falhaInscricao });
    await expect(ativos.or(erro)).toBeVisible();
    const subscrito = await ativos.isVisible();
    test.info().annotations.push({ type: 'inscrição', description: subscrito ? 'ativa' : 'sem serviço de push no Chromium headless' });
    if (subscrito) await expect(page.getByRole('button', { name: TEXTOS_PUSH.desativar })).toBeVisible();
    else await expect(page.getByRole('button', { name: TEXTOS_PUSH.ativar })).toBeEnabled();
  });

  await test.step('axe finds no violation on the screen with the control', async () => {
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  });

  const mensagem: MensagemPush = {
    titulo: 'REX',
    corpo: 'SOS: REX pediu ajuda.',
    rastreadorId,
    url: `/user/mapa?rastreador=${rastreadorId}`,
    id: `e2e-${sufixo}`,
  };

  await test.step('a push shows the system notification through the service worker', async () => {
    await entregarPush(context, page, JSON.stringify(mensagem));
    await expect
      .poll(() => notificacoesDoSistema(page))
      .toEqual([{ title: 'REX', body: mensagem.corpo, tag: mensagem.id, data: { url: `${E2E_URL}${mensagem.url}` } }]);
  });

  await test.step('tapping the notification opens the map on the pet, its card in the sheet', async () => {
    const worker = context.serviceWorkers().find((w) => w.url() === `${E2E_URL}/sw.js`);
    if (!worker) throw new Error('o service worker não aparece no contexto');
    // DevTools cannot click a notification: the worker gets the same event its handler would.
    await worker.evaluate(`(async () => {
      const [n] = await self.registration.getNotifications();
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
    })()`);
    await expect(page).toHaveURL(`${E2E_URL}${mensagem.url}`);
    // On a phone the pet's card, in the sheet, holds what the info window would.
    const cartao = page.getByRole('region', { name: /^Meus pets/ }).getByRole('article', { name: 'REX' });
    await expect(cartao).toContainText('Bateria 76%');
    await expect(cartao).toContainText(/Latitude: -\d/);
    await expect.poll(() => notificacoesDoSistema(page)).toEqual([]);
  });
});

test('Chromium reports the app installable', async ({ browserName }, testInfo) => {
  test.skip(browserName !== 'chromium', 'DevTools installability is Chromium’s');
  // A profile on disk: Chromium never offers to install from an incognito one, which every test context is.
  const perfil = await mkdtemp(path.join(tmpdir(), 'rastro-pwa-'));
  const contexto = await chromium.launchPersistentContext(perfil, {
    ...testInfo.project.use.launchOptions,
    baseURL: E2E_URL,
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  try {
    const page = contexto.pages()[0] ?? (await contexto.newPage());
    await page.goto('/auth/login');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    const cdp = await contexto.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${E2E_URL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
  } finally {
    await contexto.close();
    await rm(perfil, { recursive: true, force: true });
  }
});
