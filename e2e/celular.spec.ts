import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { iniciarReceptorPush, type ReceptorPush } from '@rastro/testes/push-receptor';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { mensagemPushSchema } from '@rastro/shared/schemas/push';
import { TEXTOS_PUSH } from '@rastro/web/features/push/textos';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entregarPush, notificacoesDoSistema } from './push';
import { entrar, enviarPosicao } from './support';

/**
 * The owner's day on a phone (issue #18), at 390×844 with touch: the map first, the pets as a
 * sheet of cards, today's route, and an SOS sent over TCP that ends as a system notification.
 *
 * Headless Chromium has no push service of its own (a subscription's endpoint would be Google's,
 * and there is no internet). So the push service is the test receiver (RFC 8030/8291/8292) on
 * loopback: the server encrypts and signs the SOS for a subscription the receiver made; the
 * receiver checks and decrypts it, and DevTools hands that plaintext to the page's service worker
 * as the browser's push service would.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

const sufixo = String(Date.now()).slice(-6);
const cliente = { nome: `BIA ${sufixo}`, email: `bia.celular.${sufixo}@e2e.rastro.test`, senha: 'Bia#Celular2026' };
const CASA = { latitude: -23.5614, longitude: -46.6559 };
const imei = imeiUnico();
// Two IMEIs of this run: the second differs in its last digit.
const pets = [
  { nome: 'REX', imei, rastreadorId: 0 },
  { nome: 'TOTO', imei: `${imei.slice(0, 14)}${(Number(imei.slice(14)) + 5) % 10}`, rastreadorId: 0 },
];
let receptor: ReceptorPush;
let dona = '';

test.beforeAll(async () => {
  receptor = await iniciarReceptorPush();
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await cadastrarCliente(cliente.nome, cliente.email, cliente.senha);
  dona = await tokenDe(cliente.email, cliente.senha);
  for (const pet of pets) {
    pet.rastreadorId = (await registrarRastreador(admin, pet.imei)).id;
    const vinculo = { imei: pet.imei, descricao: pet.nome, intervaloLocalizacao: 5, periUltraEconBateria: 60 };
    meuRastreadorSchema.parse(await api(dona, 'POST', '/api/usuarios/rastreadores', vinculo));
  }
  const [rex, toto] = pets;
  if (!rex || !toto) throw new Error('pets');
  await api(dona, 'POST', '/api/zonas', {
    nome: 'CASA',
    tipo: 'CIRCULO',
    latitude: CASA.latitude,
    longitude: CASA.longitude,
    raioMetros: 300,
    rastreadorIds: [rex.rastreadorId],
    alertarSaida: true,
    alertarEntrada: false,
  });
  // Today's walk of REX ends at home; TOTO is across town.
  await enviarPosicao(rex.imei, { latitude: CASA.latitude - 0.004, longitude: CASA.longitude - 0.004, bateria: 80 });
  await enviarPosicao(rex.imei, { latitude: CASA.latitude - 0.002, longitude: CASA.longitude - 0.001, bateria: 79 });
  await enviarPosicao(rex.imei, { latitude: CASA.latitude, longitude: CASA.longitude, bateria: 76 });
  await enviarPosicao(toto.imei, { latitude: -23.6, longitude: -46.7, bateria: 41 });
});

test.afterAll(async () => {
  await receptor.fechar();
});

/** The page's width and the layout viewport's: a phone page wider than the screen grows both past 390. */
const larguras = (page: Page) => page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);

async function semViolacoes(page: Page, tela: string) {
  // MUI's sheets and drawers slide in: audit what stays.
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${tela} — ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('on a phone the owner finds the pets on the map, centres one, follows today’s route and gets an SOS as a system notification', async ({
  page,
  context,
}) => {
  const [rex, toto] = pets;
  if (!rex || !toto) throw new Error('pets');
  await context.grantPermissions(['notifications'], { origin: E2E_URL });
  await entrar(page, cliente.email, cliente.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);

  const barra = page.getByRole('navigation', { name: 'Navegação principal' });
  const folha = page.getByRole('region', { name: /^Meus pets/ });
  const regiao = page.getByRole('region', { name: 'Mapa' });

  await test.step('the map fills the screen between the app bar and the bottom bar', async () => {
    await expect(barra.getByRole('link', { name: 'Mapa' })).toHaveAttribute('aria-current', 'page');
    const mapa = await regiao.boundingBox();
    const nav = await barra.boundingBox();
    expect(mapa && nav).toBeTruthy();
    if (!mapa || !nav) return;
    expect(mapa.width).toBe(390);
    expect(mapa.y).toBeLessThanOrEqual(64);
    expect(Math.abs(mapa.y + mapa.height - nav.y)).toBeLessThanOrEqual(1);
    expect(nav.y + nav.height).toBeLessThanOrEqual(844);
    // Nothing scrolls sideways, nor below the bars.
    expect(await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight])).toEqual([390, 844]);
  });

  await test.step('the pets’ sheet: a card per pet with its battery, how long ago and its zone', async () => {
    await expect(folha.getByRole('heading', { name: 'Meus pets (2)' })).toBeVisible();
    const cartaoRex = folha.getByRole('article', { name: 'REX' });
    await expect(cartaoRex).toContainText('Bateria 76%');
    await expect(cartaoRex).toContainText(/agora|há \d+ min/);
    await expect(cartaoRex).toContainText('Na zona CASA');
    const cartaoToto = folha.getByRole('article', { name: 'TOTO' });
    await expect(cartaoToto).toContainText('Bateria 41%');
    await expect(cartaoToto).not.toContainText('zona');
    // The map fits both pets in the part the sheet leaves visible.
    const topoDaFolha = (await folha.boundingBox())?.y ?? 0;
    for (const nome of ['REX', 'TOTO']) {
      const m = await regiao.locator(`.leaflet-marker-icon[title="${nome}"]`).boundingBox();
      expect(m, nome).not.toBeNull();
      if (m) expect(m.y + m.height, nome).toBeLessThan(topoDaFolha);
    }
    await semViolacoes(page, 'mapa com a folha dos pets');
  });

  await test.step('tapping TOTO’s card shows it alone, with its info window’s data, and TOTO in sight above the sheet', async () => {
    await folha.getByRole('article', { name: 'TOTO' }).getByRole('button', { name: /^TOTO/ }).tap();
    const cartao = folha.getByRole('article', { name: 'TOTO' });
    await expect(cartao).toContainText('Latitude: -23.600000');
    await expect(folha.getByRole('article')).toHaveCount(1);
    await expect(folha.getByRole('button', { name: 'Esconder os pets' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('.leaflet-popup')).toHaveCount(0);
    const marcador = regiao.locator('.leaflet-marker-icon[title="TOTO"]');
    // Centred across, between the 'Filtros' button and the sheet.
    await expect
      .poll(async () => {
        const [m, r] = [await marcador.boundingBox(), await regiao.boundingBox()];
        if (!m || !r) return Infinity;
        return Math.abs(m.x + m.width / 2 - (r.x + r.width / 2));
      })
      .toBeLessThan(40);
    const [m, filtros, f] = await Promise.all([
      marcador.boundingBox(),
      page.getByRole('button', { name: 'Filtros' }).boundingBox(),
      folha.boundingBox(),
    ]);
    if (!m || !filtros || !f) throw new Error('caixas ausentes');
    expect(m.y).toBeGreaterThan(filtros.y + filtros.height);
    expect(m.y + m.height).toBeLessThan(f.y);
    await folha.getByRole('button', { name: 'Ver todos os pets' }).tap();
    await expect(folha.getByRole('article')).toHaveCount(2);
  });

  await test.step('"Rota de hoje" shows REX’s route since midnight, and the sheet comes back', async () => {
    const resposta = page.waitForResponse((r) => r.url().includes('tipoVisualizacao=HISTORICO'));
    await folha.getByRole('button', { name: 'Rota de hoje de REX' }).tap();
    const pontos = (await (await resposta).json()) as unknown[];
    expect(pontos).toHaveLength(3);
    const rota = page.getByRole('region', { name: 'Rota' });
    await expect(rota.getByRole('heading', { name: 'Rota de REX' })).toBeVisible();
    await expect(rota).toContainText(/00:00 – /);
    await semViolacoes(page, 'rota de hoje');
    await rota.getByRole('button', { name: 'Ver todos os pets' }).tap();
    await expect(folha.getByRole('article', { name: 'REX' })).toBeVisible();
  });

  await test.step('the search opens in a sheet', async () => {
    await page.getByRole('button', { name: 'Filtros' }).tap();
    const form = page.getByRole('form', { name: 'Pesquisa' });
    await expect(form).toBeVisible();
    await semViolacoes(page, 'filtros do mapa');
    await page.getByRole('button', { name: 'Fechar' }).tap();
    await expect(form).toBeHidden();
  });

  await test.step('"Receber alertas neste aparelho" from the bottom bar’s Alertas', async () => {
    await barra.getByRole('link', { name: /^Alertas/ }).tap();
    await expect(page).toHaveURL(/\/user\/notificacoes$/);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.getByRole('button', { name: TEXTOS_PUSH.ativar }).tap();
    // Subscribed, or the pt-BR error where headless Chromium has no push service.
    await expect(
      page.getByText(TEXTOS_PUSH.ativos).or(page.getByRole('alert').filter({ hasText: TEXTOS_PUSH.falhaInscricao })),
    ).toBeVisible();
    await semViolacoes(page, 'notificações');
  });

  await test.step('an SOS over TCP reaches the push service and shows as a system notification', async () => {
    // The receiver's subscription stands for this phone's (see above): the server cannot tell them apart.
    const inscricao = receptor.novaInscricao();
    const { chavePublica } = await api<{ chavePublica: string }>(dona, 'GET', '/api/push/chave');
    receptor.exigirChavePublica(chavePublica);
    await api(dona, 'POST', '/api/push/inscricoes', inscricao);
    await enviarPosicao(rex.imei, { latitude: CASA.latitude, longitude: CASA.longitude, bateria: 75 }, 'sos');
    const recebida = await receptor.esperar((m) => m.endpoint === inscricao.endpoint, 20_000);
    expect(recebida.claims.aud).toBe(receptor.origem);
    const mensagem = mensagemPushSchema.parse(recebida.payload);
    expect(mensagem).toMatchObject({ titulo: 'REX', rastreadorId: rex.rastreadorId, url: `/user/mapa?rastreador=${rex.rastreadorId}` });
    // The open alerts page lists it live, unread, and still does not scroll sideways.
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: mensagem.corpo })).toContainText('(não lida)');
    expect(await larguras(page)).toEqual([390, 390]);

    await entregarPush(context, page, JSON.stringify(mensagem));
    await expect
      .poll(() => notificacoesDoSistema(page))
      .toEqual([{ title: 'REX', body: mensagem.corpo, tag: mensagem.id, data: { url: `${E2E_URL}${mensagem.url}` } }]);
    expect(mensagem.corpo).toMatch(/SOS/);
  });

  await test.step('the other owner screens read as cards, with no violation and nothing sideways', async () => {
    await barra.getByRole('link', { name: 'Pets' }).tap();
    await expect(page).toHaveURL(/\/user\/meus-rastreadores/);
    await expect(page.getByRole('main')).toContainText('REX');
    await semViolacoes(page, 'meus rastreadores');
    expect(await larguras(page), 'meus rastreadores').toEqual([390, 390]);
    await barra.getByRole('link', { name: 'Zonas' }).tap();
    await expect(page.getByRole('main')).toContainText('CASA');
    await semViolacoes(page, 'zonas seguras');
    expect(await larguras(page), 'zonas seguras').toEqual([390, 390]);
    await barra.getByRole('button', { name: 'Menu' }).tap();
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Minha Conta' })).toBeVisible();
  });
});
