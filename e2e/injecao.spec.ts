import { expect, test, type Browser, type Page } from '@playwright/test';
import { chipSchema } from '@rastro/shared/schemas/chips';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { rastreadorAdminSchema } from '@rastro/shared/schemas/rastreadores';
import { api, cadastrarCliente, imeiUnico, tokenDe } from './api';
import { E2E_ADMIN } from './env';
import { esperarEmail } from './mail';
import { enviarPosicao, logado } from './support';

/**
 * Issue #6, bad input: what people type that looks like HTML or SQL is shown as that very text on
 * every screen that draws it (the owner's map marker and info window, list, detail, history
 * selector, alarm notification and account; the administrator's users, chips and trackers) and
 * in the welcome e-mail's HTML — never as markup, never run.
 *
 * Each payload carries an element with a `data-injetado` attribute and an `<img>` whose onerror
 * would set `window.__injetado`: drawn as HTML, the element would be in the DOM (the page's CSP
 * would stop the handler, so the DOM is the real witness; the flag and the dialogs are watched
 * too). The texts are set through the API, where nothing upper-cases them as the forms do.
 */

const sufixo = String(Date.now()).slice(-6);
const HTML = (s: string) => `<img src=x onerror="window.__injetado=1"><b data-injetado>${s}</b>`;
const SQL = `'; DROP TABLE rastreadores; --`;
/** The pet's name (descrição of the owner's link): ≤ 150 characters. */
const descricao = `${HTML('Rex')}${SQL} ${sufixo}`;
const chipDescricao = `${HTML('Chip')} ${sufixo}`;
/** Sign-up keeps the name upper-cased (≤ 80 characters): still markup if drawn as HTML. */
const nome = `<b data-injetado>Ana</b> ${sufixo}' OR '1'='1`;
const nomeGravado = nome.toUpperCase();
const cliente = { email: `injecao.${sufixo}@e2e.rastro.test`, senha: 'Injecao#E2e2026' };
const imei = imeiUnico();
const posicao = { latitude: -23.5614, longitude: -46.6559, bateria: 64 };

const paginas: Page[] = [];
/** Every JavaScript dialog any page opened (an injected alert() would be one). */
const dialogos: string[] = [];
let meuId = 0;

test.beforeAll(async () => {
  await cadastrarCliente(nome, cliente.email, cliente.senha);
  const tokenAdmin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  const chip = chipSchema.parse(await api(tokenAdmin, 'POST', '/api/chips', { descricao: chipDescricao, numero: `1196${sufixo}0` }));
  rastreadorAdminSchema.parse(await api(tokenAdmin, 'POST', '/api/rastreadores', { imei, protocolo: 'TOPIN', chipId: chip.id }));
  const tokenCliente = await tokenDe(cliente.email, cliente.senha);
  const vinculo = { imei, descricao, intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuId = meuRastreadorSchema.parse(await api(tokenCliente, 'POST', '/api/usuarios/rastreadores', vinculo)).id;
  // A fix for the map, and an SOS whose notification names the pet.
  await enviarPosicao(imei, posicao, 'sos');
});

test.afterAll(async () => {
  for (const p of paginas) await p.context().close();
});

/** Logged in, with every dialog the page opens recorded (and dismissed). */
async function sessao(browser: Browser, email: string, senha: string): Promise<Page> {
  const page = await logado(browser, email, senha);
  paginas.push(page);
  page.on('dialog', (d) => {
    dialogos.push(d.message());
    void d.dismiss();
  });
  return page;
}

/** `texto` is on the screen as text, and nothing of any payload became an element or ran. */
async function inerte(page: Page, onde: string, texto?: string) {
  if (texto !== undefined)
    await expect(page.getByText(texto, { exact: false }).first(), `${onde}: o texto como foi digitado`).toBeVisible();
  expect(await page.locator('[data-injetado], img[src="x" i]').count(), `${onde}: marcação injetada no DOM`).toBe(0);
  expect(await page.evaluate(() => (window as { __injetado?: unknown }).__injetado), `${onde}: script injetado rodou`).toBeUndefined();
  expect(dialogos, `${onde}: diálogos abertos`).toEqual([]);
}

test('the owner sees the HTML and SQL she typed as text on every screen, and none of it runs', async ({ browser }) => {
  const page = await sessao(browser, cliente.email, cliente.senha);

  // The map: the marker's name and its info window.
  const marcador = page.getByRole('button', { name: descricao, exact: true });
  await expect(marcador).toBeVisible();
  await marcador.click();
  await expect(page.locator('.leaflet-popup')).toContainText(descricao);
  await inerte(page, 'mapa');

  // The history selector lists the pet by its name.
  await page.getByRole('combobox', { name: 'Tipo de Visualização' }).click();
  await page.getByRole('option', { name: 'Histórico de localizações' }).click();
  await page.getByRole('combobox', { name: 'Rastreador' }).click();
  await expect(page.getByRole('option', { name: descricao, exact: true })).toBeVisible();
  await inerte(page, 'histórico');
  await page.keyboard.press('Escape');

  // My trackers: the row, found by a search for the very text (matched literally).
  await page.goto('/user/meus-rastreadores');
  await page.getByRole('form', { name: 'Pesquisa' }).getByRole('textbox', { name: 'Descrição' }).fill(HTML('Rex'));
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row').filter({ hasText: imei })).toContainText(descricao);
  await inerte(page, 'meus rastreadores');

  // The tracker's detail.
  await page.goto(`/user/rastreadores/detalhe/${meuId}`);
  await expect(page.getByRole('definition').filter({ hasText: descricao })).toHaveText(descricao);
  await inerte(page, 'detalhe');

  // The SOS notification names the pet.
  await page.goto('/user/notificacoes');
  await expect(page.getByRole('table', { name: 'Notificações' })).toContainText(`Alerta de SOS do rastreador ${descricao}.`);
  await inerte(page, 'notificações');

  // My account: the name, upper-cased by the sign-up, as text.
  await page.goto('/user/minha-conta');
  await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(nomeGravado);
  await inerte(page, 'minha conta');
});

test('the administrator sees the same texts as text in the users, chips and trackers lists', async ({ browser }) => {
  const page = await sessao(browser, E2E_ADMIN.email, E2E_ADMIN.senha);
  const buscar = async (campo: string, valor: string) => {
    await page.getByRole('form', { name: 'Pesquisa' }).getByRole('textbox', { name: campo }).fill(valor);
    await page.getByRole('button', { name: 'Buscar' }).click();
  };

  await page.goto('/admin/usuarios');
  await buscar('Nome', nomeGravado);
  await expect(page.getByRole('row').filter({ hasText: cliente.email })).toContainText(nomeGravado);
  await inerte(page, 'usuários');

  await page.goto('/admin/chips');
  await buscar('Descrição', chipDescricao);
  await expect(page.getByRole('row').filter({ hasText: chipDescricao })).toBeVisible();
  await inerte(page, 'chips');

  await page.goto('/admin/rastreadores');
  await buscar('IMEI', imei);
  const linha = page.getByRole('row').filter({ hasText: imei });
  await expect(linha).toContainText(descricao);
  await expect(linha).toContainText(nomeGravado);
  await inerte(page, 'rastreadores');
});

test('the welcome e-mail carries the name as text in its HTML part', async () => {
  const corpo = await esperarEmail(cliente.email, 'Bem-vindo');
  const htmlParte = corpo.slice(corpo.indexOf('<!doctype html>'));
  expect(htmlParte.length, 'o e-mail tem uma parte HTML').toBeGreaterThan(100);
  expect(htmlParte).toContain('Olá, &lt;B DATA-INJETADO&gt;ANA&lt;/B&gt;');
  expect(htmlParte).not.toMatch(/<b data-injetado/i);
});
