import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MSG } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entrar, enviarPosicao } from './support';

/**
 * The pet's photo and the page for whoever finds it (issue #32), on a phone (390×844, touch): the
 * owner takes a photo (a JPEG straight from a camera, with where it was taken in its EXIF), sees it
 * on the pet's page and in the list, creates a share link showing their phone; a stranger opens
 * the link and sees the photo, how precise the position is, "Encontrou este pet?", the message and
 * a number to tap and call.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `LIA ${sufixo}`, email: `lia.fotos.${sufixo}@e2e.rastro.test`, senha: 'Lia#Fotos2026' };
const imei = imeiUnico();
const CASA = { latitude: -23.5614, longitude: -46.6559 };
let vinculoId = 0;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  // The sign-up's mobile phone: (11) 9 8888-7777.
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  const vinculo = { imei, descricao: 'MEL', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  vinculoId = meuRastreadorSchema.parse(await api(await tokenDe(dona.email, dona.senha), 'POST', '/api/usuarios/rastreadores', vinculo)).id;
  await enviarPosicao(imei, { ...CASA, bateria: 81 });
});

/** A camera's JPEG: 1600×1200, a warm brown dog-ish blob on green, with the make, model and GPS of where it was taken. */
async function fotoDaCamera() {
  const cachorro = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#6a9f4b"/>' +
      '<ellipse cx="800" cy="700" rx="420" ry="300" fill="#b5651d"/><circle cx="800" cy="380" r="220" fill="#c27a3a"/>' +
      '<circle cx="720" cy="350" r="30" fill="#222"/><circle cx="880" cy="350" r="30" fill="#222"/><ellipse cx="800" cy="450" rx="50" ry="35" fill="#222"/></svg>',
  );
  return sharp(cachorro)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Celular da Lia', Model: 'Camera 12MP' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 4104/100', GPSLongitudeRef: 'W', GPSLongitude: '46/1 39/1 2124/100' },
    })
    .toBuffer();
}

async function semViolacoes(page: Page, tela: string) {
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${tela} — ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The page's width and the layout viewport's: a phone page wider than the screen grows both past 390. */
const larguras = (page: Page) => page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);

/** Whether an image is really drawn (loaded, with its pixels), and how wide it is. */
const larguraCarregada = (img: Locator) => img.evaluate((e) => (e instanceof HTMLImageElement && e.complete ? e.naturalWidth : 0));

/** What a finger at the centre of `alvo` would touch is `alvo` itself (or inside it): nothing covers it. */
async function descoberto(page: Page, alvo: Locator) {
  const caixa = await alvo.boundingBox();
  if (!caixa) throw new Error('sem caixa');
  const x = caixa.x + caixa.width / 2;
  const y = caixa.y + caixa.height / 2;
  return alvo.evaluate(
    (e, [px, py]) => {
      const topo = document.elementFromPoint(px ?? 0, py ?? 0);
      return topo !== null && (e === topo || e.contains(topo));
    },
    [x, y],
  );
}

test('the owner adds the pet’s photo and shares a link with their phone; the finder sees the photo, the accuracy and a number to call', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URL });
  const pedidos: string[] = [];
  page.context().on('request', (r) => pedidos.push(r.url()));
  await entrar(page, dona.email, dona.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);

  await test.step('on the pet’s page the owner picks a photo: it shows at once, goes, and comes back re-encoded', async () => {
    await page.goto(`/user/rastreadores/detalhe/${vinculoId}`);
    await expect(page.getByRole('button', { name: 'Adicionar foto' })).toBeVisible();
    const entrada = page.getByLabel('Foto de MEL');
    await expect(entrada).toHaveAttribute('accept', 'image/*');
    const [envio] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/usuarios/rastreadores/${vinculoId}/foto`) && r.request().method() === 'PUT'),
      entrada.setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await fotoDaCamera() }),
    ]);
    expect(envio.status()).toBe(204);
    await expect(page.getByText(MSG.fotoSalva)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Trocar foto' })).toBeVisible();
    const foto = page.locator(`img[src^="/api/usuarios/rastreadores/${vinculoId}/foto?v="]`).first();
    await expect.poll(() => larguraCarregada(foto)).toBe(256);
    // What the browser got is the server's WebP, not the camera's file: no EXIF, no GPS.
    const servida = await page.request.get(`${E2E_URL}${(await foto.getAttribute('src')) ?? ''}`);
    expect(servida.headers()['content-type']).toBe('image/webp');
    const meta = await sharp(await servida.body()).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(await larguras(page)).toEqual([390, 390]);
    await page.screenshot({ path: test.info().outputPath('detalhe-com-foto.png') });
    await semViolacoes(page, 'detalhe com foto');
  });

  await test.step('the tracker list shows the photo on the pet’s card', async () => {
    await page.goto('/user/meus-rastreadores');
    const cartao = page.getByRole('list', { name: 'Meus Rastreadores' }).getByRole('listitem').filter({ hasText: 'MEL' });
    const foto = cartao.locator(`img[src^="/api/usuarios/rastreadores/${vinculoId}/foto?v="]`);
    await expect.poll(() => larguraCarregada(foto)).toBe(256);
    await page.screenshot({ path: test.info().outputPath('lista-com-foto.png') });
  });

  let url = '';
  await test.step('the owner creates a link that shows their phone; nothing in the share dialog is covered', async () => {
    await page.goto(`/user/rastreadores/detalhe/${vinculoId}`);
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Compartilhar MEL' });
    // Two links already: the list is longer than the screen.
    for (const m of ['Primeiro link', 'Segundo link']) {
      await dialogo.getByRole('textbox', { name: 'Mensagem (opcional)' }).fill(m);
      await dialogo.getByRole('button', { name: 'Criar link' }).click();
      await expect(dialogo.getByRole('list', { name: 'Links ativos' }).getByText(m)).toBeVisible();
    }
    await dialogo.getByRole('textbox', { name: 'Mensagem (opcional)' }).fill('Encontrou a MEL? Ela é mansa, pode segurar.');
    const telefone = dialogo.getByRole('checkbox', { name: 'Mostrar meu telefone para quem encontrar' });
    await telefone.check();
    await dialogo.getByRole('button', { name: 'Criar link' }).click();
    const campo = dialogo.getByRole('textbox', { name: 'Link' });
    await expect(campo).toHaveValue(new RegExp(`^${E2E_URL}/p/[A-Za-z0-9_-]{43}$`));
    url = await campo.inputValue();
    await dialogo.getByRole('button', { name: 'Copiar link' }).click();
    await expect(page.getByText('Link copiado.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const links = dialogo.getByRole('list', { name: 'Links ativos' }).getByRole('listitem');
    await expect(links).toHaveCount(3);
    const ultimo = links.last();
    await expect(ultimo).toContainText('Mostra o telefone de quem criou');

    // Scrolled to the end, right after copying: nothing lies over the last link, and "Fechar" is
    // itself uncovered (no bar over the list, no notice over the dialog).
    await dialogo.locator('.MuiDialogContent-root').evaluate((e) => e.scrollTo({ top: e.scrollHeight }));
    const fechar = dialogo.getByRole('button', { name: 'Fechar' });
    const alvos = [
      ultimo.getByText('Encontrou a MEL? Ela é mansa, pode segurar.'),
      ultimo.getByText('Mostra o telefone de quem criou'),
      ultimo.getByRole('button', { name: /^Revogar/ }),
      fechar,
    ];
    for (const alvo of alvos) expect(await descoberto(page, alvo)).toBe(true);
    const caixa = await ultimo.boundingBox();
    expect((caixa?.y ?? 0) + (caixa?.height ?? 0)).toBeLessThanOrEqual(844);
    expect(await larguras(page)).toEqual([390, 390]);
    await page.screenshot({ path: test.info().outputPath('compartilhar-celular.png') });
    await semViolacoes(page, 'compartilhar no celular');
    await fechar.click();
    await expect(dialogo).toBeHidden();
  });

  // Whoever found the pet: another phone, no account.
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
    await test.step('the link shows the pet’s photo, how precise its position is, and how to reach the owner', async () => {
      await p.goto(url);
      await expect(p.getByRole('heading', { level: 1, name: 'MEL' })).toBeVisible();
      const foto = p.getByRole('img', { name: 'Foto de MEL' });
      await expect.poll(() => larguraCarregada(foto)).toBe(256);
      expect(await foto.getAttribute('src')).toMatch(/^\/api\/publico\/links\/[A-Za-z0-9_-]{43}\/foto\?v=[0-9a-f]{16}$/);
      await expect(p.getByText('Precisão de ~20 m')).toBeVisible();
      await expect(p.getByText('Bateria: 81%')).toBeVisible();
      const encontrou = p.getByRole('region', { name: 'Encontrou este pet?' });
      await expect(encontrou.getByRole('heading', { level: 2, name: 'Encontrou este pet?' })).toBeVisible();
      await expect(encontrou.getByText('Encontrou a MEL? Ela é mansa, pode segurar.')).toBeVisible();
      const ligar = encontrou.getByRole('link', { name: 'Ligar para (11) 9 8888-7777' });
      await expect(ligar).toHaveAttribute('href', 'tel:+5511988887777');
      const caixa = await ligar.boundingBox();
      expect(caixa?.height ?? 0).toBeGreaterThanOrEqual(44);
      // The number is on one line.
      const linhas = await ligar.locator('.numero').evaluate((e) => e.getClientRects().length);
      expect(linhas).toBe(1);
      expect(await descoberto(p, ligar)).toBe(true);
      expect(await larguras(p)).toEqual([390, 390]);
      await p.waitForTimeout(500);
      await p.screenshot({ path: test.info().outputPath('publico.png') });
      await semViolacoes(p, 'página pública');
      const texto = await p.content();
      for (const segredo of [imei, dona.email, dona.nome]) expect(texto).not.toContain(segredo);
    });
  } finally {
    await visitante.close();
  }

  await test.step('nothing asked outside this machine', async () => {
    const fora = pedidos.filter((u) => !/^(data|blob):/.test(u) && !['localhost', '127.0.0.1'].includes(new URL(u).hostname));
    expect(fora).toEqual([]);
  });
});
