import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MSG, bannerModoPerdido } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entrar, enviarPosicao } from './support';

/**
 * Lost-pet mode and the share link (issue #19): the owner turns lost mode on from the map and
 * creates a link; someone with no account opens it on a phone, sees the pet and sees it move; the
 * owner revokes the link and that page says it expired.
 */
test.describe.configure({ timeout: 120_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `EVA ${sufixo}`, email: `eva.perdido.${sufixo}@e2e.rastro.test`, senha: 'Eva#Perdido2026' };
const imei = imeiUnico();
const CASA = { latitude: -23.5614, longitude: -46.6559 };

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  const vinculo = { imei, descricao: 'THOR', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuRastreadorSchema.parse(await api(await tokenDe(dona.email, dona.senha), 'POST', '/api/usuarios/rastreadores', vinculo));
  await enviarPosicao(imei, { ...CASA, bateria: 76 });
});

async function semViolacoes(page: Page, tela: string) {
  // A snackbar or dialog still fading in would be measured half transparent.
  await page.evaluate(async () => {
    const finitas = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finitas.map((a) => a.finished.catch(() => undefined)));
  });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${tela} — ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('lost mode from the map, a link opened on a stranger’s phone that follows the pet, then revoked', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URL });
  const pedidos: string[] = [];
  context.on('request', (r) => pedidos.push(r.url()));
  await entrar(page, dona.email, dona.senha);
  const mapa = page.getByRole('region', { name: 'Mapa' });
  const thor = mapa.locator('.leaflet-marker-icon[title="THOR"]');
  await expect(thor).toBeVisible();

  await test.step('the owner turns lost mode on from the pet’s info window', async () => {
    await thor.click();
    const janela = page.locator('.leaflet-popup');
    await janela.getByRole('button', { name: 'Ativar modo perdido' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Ativar modo perdido' });
    await expect(dialogo.getByRole('combobox', { name: /^Duração/ })).toHaveText('6 horas');
    await dialogo.getByRole('button', { name: 'Ativar' }).click();
    await expect(dialogo).toBeHidden();
    await expect(page.getByText(new RegExp(`^${bannerModoPerdido('THOR', '\\d\\d:\\d\\d')}$`))).toBeVisible();
    await expect(mapa.locator('.leaflet-marker-icon[title="THOR, em modo perdido"]')).toBeVisible();
    await expect(page.locator('.leaflet-popup')).toContainText(/Em modo perdido até \d\d:\d\d/);
    await semViolacoes(page, 'mapa em modo perdido');
  });

  let url = '';
  await test.step('the owner creates a link with a message and copies it', async () => {
    await page.locator('.leaflet-popup').getByRole('button', { name: 'Compartilhar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Compartilhar THOR' });
    await dialogo.getByRole('textbox', { name: 'Mensagem (opcional)' }).fill('Se encontrar, ligue (11) 9 8888-7777');
    await dialogo.getByRole('button', { name: 'Criar link' }).click();
    const campo = dialogo.getByRole('textbox', { name: 'Link' });
    await expect(campo).toHaveValue(new RegExp(`^${E2E_URL}/p/[A-Za-z0-9_-]{43}$`));
    await dialogo.getByRole('button', { name: 'Copiar link' }).click();
    url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await campo.inputValue());
    const links = dialogo.getByRole('list', { name: 'Links ativos' });
    await expect(links.getByRole('listitem')).toHaveCount(1);
    await expect(links.getByRole('listitem')).toContainText('Criado por você');
    await links.scrollIntoViewIfNeeded();
    await dialogo.screenshot({ path: test.info().outputPath('compartilhar.png') });
    await semViolacoes(page, 'compartilhar');
  });

  // Someone with the link, on a phone, with no account.
  const visitante = await browser.newContext({
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  visitante.on('request', (r) => pedidos.push(r.url()));
  try {
    const p = await visitante.newPage();
    await test.step('the link shows the pet, its battery, the message and where it is', async () => {
      await p.goto(url);
      await expect(p.getByRole('heading', { level: 1, name: 'THOR' })).toBeVisible();
      await expect(p.getByText('Se encontrar, ligue (11) 9 8888-7777')).toBeVisible();
      await expect(p.getByText('Bateria: 76%')).toBeVisible();
      await expect(p.getByText(/^Visto (agora|há \d+ min)/)).toBeVisible();
      await expect(p.getByRole('region', { name: 'Mapa' }).locator('path.leaflet-interactive')).toHaveCount(2);
      await semViolacoes(p, 'página pública');
      // Nothing of the owner or the device.
      const texto = await p.content();
      for (const segredo of [imei, dona.email, dona.nome]) expect(texto).not.toContain(segredo);
    });

    await test.step('a new position moves the pet on the open page', async () => {
      const ponto = p.getByRole('region', { name: 'Mapa' }).locator('path.leaflet-interactive').last();
      const antes = await ponto.getAttribute('d');
      await enviarPosicao(imei, { latitude: CASA.latitude + 0.003, longitude: CASA.longitude + 0.002, bateria: 70 });
      await expect(p.getByText('Bateria: 70%')).toBeVisible({ timeout: 15_000 });
      await expect.poll(() => ponto.getAttribute('d')).not.toBe(antes);
    });

    await test.step('the owner revokes the link: the open page says it expired', async () => {
      const dialogo = page.getByRole('dialog', { name: 'Compartilhar THOR' });
      await dialogo.getByRole('button', { name: /^Revogar link válido até/ }).click();
      await page.getByRole('dialog', { name: 'Revogar link' }).getByRole('button', { name: 'Revogar' }).click();
      await expect(p.getByText(MSG.linkExpirado)).toBeVisible({ timeout: 5000 });
      await p.reload();
      await expect(p.getByText(MSG.linkExpirado)).toBeVisible();
    });
  } finally {
    await visitante.close();
  }

  await test.step('the owner turns lost mode off: the banner goes', async () => {
    await page.getByRole('dialog', { name: 'Compartilhar THOR' }).getByRole('button', { name: 'Fechar' }).click();
    // The info window the actions were opened from is still open.
    if (!(await page.locator('.leaflet-popup').isVisible()))
      await mapa.locator('.leaflet-marker-icon[title="THOR, em modo perdido"]').click();
    await page.locator('.leaflet-popup').getByRole('button', { name: 'Desativar modo perdido' }).click();
    await page.getByRole('dialog', { name: 'Desativar modo perdido' }).getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText(/está em modo perdido desde/)).toBeHidden();
    await expect(mapa.locator('.leaflet-marker-icon[title="THOR"]')).toBeVisible();
  });

  await test.step('both maps drew tiles from the local tile server; nothing asked outside this machine', async () => {
    const tiles = process.env.E2E_TILES_ORIGEM ?? 'sem servidor de tiles';
    expect(pedidos.filter((u) => u.startsWith(`${tiles}/`)).length).toBeGreaterThan(0);
    const fora = pedidos.filter((u) => !/^(data|blob):/.test(u) && !['localhost', '127.0.0.1'].includes(new URL(u).hostname));
    expect(fora).toEqual([]);
  });
});
