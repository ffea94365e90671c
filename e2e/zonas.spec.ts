import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { MSG } from '@rastro/shared/messages';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entrar, enviarPosicao } from './support';
import { tabAte } from './teclado';

/**
 * Safe zones (issue #17) in the browser: the owner draws a circle by mouse around the pet, saves
 * it, the pet walks out and the notification arrives without a reload; the same editor draws and
 * edits by touch on a 390×844 phone; a keyboard alone creates a circle, and axe finds nothing
 * serious on the zone screens. The tracker is driven frame by frame (support.ts), so the pet is
 * exactly where the test says.
 */
test.describe.configure({ timeout: 180_000 });

const sufixo = String(Date.now()).slice(-6);
const cliente = { nome: `DONA ZONAS ${sufixo}`, email: `zonas.${sufixo}@e2e.rastro.test`, senha: 'Zonas#E2e2026' };
const imei = imeiUnico();
/** Where THOR lives. */
const CASA = { latitude: -23.5614, longitude: -46.6559 };
const METROS_POR_GRAU_LAT = 111_320;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  await cadastrarCliente(cliente.nome, cliente.email, cliente.senha);
  const dona = await tokenDe(cliente.email, cliente.senha);
  await api(dona, 'POST', '/api/usuarios/rastreadores', { imei, descricao: 'THOR', intervaloLocalizacao: 5, periUltraEconBateria: 60 });
  await enviarPosicao(imei, { ...CASA, bateria: 80 });
});

const mapaDe = (page: Page) => page.getByRole('region', { name: 'Mapa' });
const campo = (page: Page, nome: RegExp) => page.getByRole('textbox', { name: nome });

/** The centre of an element on screen. */
async function centro(alvo: Locator) {
  const caixa = await alvo.boundingBox();
  if (!caixa) throw new Error('elemento fora da tela');
  return { x: caixa.x + caixa.width / 2, y: caixa.y + caixa.height / 2 };
}

/** Opens the zone editor from the menu (a phone opens the menu first). */
async function novaZona(page: Page, celular = false) {
  // On a phone: the bottom bar, and the zones as a list of cards.
  if (celular) {
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Zonas' }).tap();
    await expect(page.getByRole('list', { name: 'Zonas seguras' })).toBeVisible();
  } else {
    await page.getByRole('link', { name: 'Zonas seguras' }).click();
    await expect(page.getByRole('table', { name: 'Zonas seguras' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Nova zona' }).click();
  await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
  // The pet, where it is now: the map starts there.
  const pet = mapaDe(page).locator('.leaflet-marker-icon[title="THOR"]');
  await mapaDe(page).scrollIntoViewIfNeeded();
  await expect(pet).toBeVisible();
  return pet;
}

async function salvarZona(page: Page, nome: string) {
  const form = page.getByRole('form', { name: 'Cadastrar' });
  await campo(page, /^Nome/).fill(nome);
  await expect(form.getByRole('checkbox', { name: 'THOR' })).toBeChecked();
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.zonaSalva)).toBeVisible();
  // A table on a computer, a list of cards on a phone.
  await expect(page.getByRole('table', { name: 'Zonas seguras' }).or(page.getByRole('list', { name: 'Zonas seguras' }))).toBeVisible();
}

/** A touch drag (Chromium's own touch events): Playwright's touchscreen only taps. */
async function arrastarComToque(page: Page, de: { x: number; y: number }, para: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [de] });
  const passos = 10;
  for (let i = 1; i <= passos; i++) {
    const p = { x: de.x + ((para.x - de.x) * i) / passos, y: de.y + ((para.y - de.y) * i) / passos };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [p] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Leaflet takes two taps less than 200 ms apart for a double tap (a zoom). */
const entreToques = (page: Page) => page.waitForTimeout(350);

test('the owner draws a circle by mouse around the pet; the pet walks out and the notification arrives live', async ({ page }) => {
  await entrar(page, cliente.email, cliente.senha);
  await expect(mapaDe(page)).toBeVisible();
  const pet = await novaZona(page);

  // Centre on the pet, border 120 px to the east.
  await page.getByRole('button', { name: 'Desenhar círculo' }).click();
  await expect(page.getByText('Clique ou toque no mapa para marcar o centro do círculo.')).toBeVisible();
  await mapaDe(page).scrollIntoViewIfNeeded();
  const c = await centro(pet);
  await page.mouse.click(c.x, c.y);
  await expect(page.getByText('Agora clique ou toque no mapa onde fica a borda do círculo.')).toBeVisible();
  await page.mouse.move(c.x + 60, c.y, { steps: 5 });
  await page.mouse.click(c.x + 120, c.y);
  await expect(page.getByText(/^Círculo com raio de/)).toBeVisible();
  const raio = Number(await campo(page, /^Raio/).inputValue());
  const latitude = Number((await campo(page, /^Latitude do centro/).inputValue()).replace(',', '.'));
  const longitude = Number((await campo(page, /^Longitude do centro/).inputValue()).replace(',', '.'));
  expect(raio).toBeGreaterThan(50);
  // The centre is the pet (within a couple of pixels at this zoom).
  expect(Math.abs(latitude - CASA.latitude) * METROS_POR_GRAU_LAT).toBeLessThan(10);
  expect(Math.abs(longitude - CASA.longitude) * METROS_POR_GRAU_LAT).toBeLessThan(10);
  await salvarZona(page, 'Casa');
  const linha = page.getByRole('row').filter({ hasText: 'CASA' });
  await expect(linha).toContainText('THOR');
  await expect(linha).toContainText('Saída');

  // The map, reached without reloading the page: from here on nothing reloads it.
  await page.getByRole('link', { name: 'Mapa GPS' }).click();
  await expect(page.getByRole('button', { name: 'THOR' })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { semRecarregar: true }));

  // The pet at home (the zone's first position decides its state silently), then well outside:
  // 300 m beyond the border, twice.
  await enviarPosicao(imei, { ...CASA, bateria: 79 });
  const fora = { latitude: latitude + (raio + 300) / METROS_POR_GRAU_LAT, longitude, bateria: 78 };
  await enviarPosicao(imei, fora);
  await enviarPosicao(imei, fora);

  // The unread count grows live, and the marker says the pet is out.
  await expect(page.getByRole('link', { name: /Notificações, 1 não lida/ })).toBeVisible({ timeout: 20_000 });
  const marcador = page.getByRole('button', { name: 'THOR, fora da zona CASA' });
  await expect(marcador).toBeVisible();
  // The pet walked off the part of the map on screen: the keyboard reaches its marker (and the map follows).
  await marcador.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.leaflet-popup')).toContainText('Fora da zona CASA');

  await page.getByRole('link', { name: /Notificações/ }).click();
  await expect(page.getByRole('table', { name: 'Notificações' })).toContainText(/THOR saiu da zona CASA às \d{2}:\d{2}/);
  expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

  // The zone's events list the exit, where it happened.
  await page.getByRole('link', { name: 'Zonas seguras' }).click();
  await linha.getByRole('button', { name: /Ações do registro/ }).click();
  await page.getByRole('menuitem', { name: 'Ver eventos' }).click();
  const saida = page.getByRole('table', { name: 'Eventos da zona' }).getByRole('row').nth(1);
  await expect(saida).toContainText('THOR');
  await expect(saida).toContainText('Saída');
  expect(Number(await saida.getByRole('cell').nth(3).textContent())).toBeCloseTo(fora.latitude, 4);
});

async function celularLogado(browser: Browser) {
  const contexto = await browser.newContext({
    baseURL: E2E_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await contexto.newPage();
  await entrar(page, cliente.email, cliente.senha);
  await expect(mapaDe(page)).toBeVisible();
  return page;
}

test('on a 390×844 phone, the editor draws and edits zones by touch', async ({ browser }) => {
  const page = await celularLogado(browser);
  try {
    // A circle: tap its centre on the pet and its border; then drag the border out with a finger.
    let pet = await novaZona(page, true);
    await page.getByRole('button', { name: 'Desenhar círculo' }).tap();
    await mapaDe(page).scrollIntoViewIfNeeded();
    const c = await centro(pet);
    await page.touchscreen.tap(c.x, c.y);
    await expect(page.getByText('Agora clique ou toque no mapa onde fica a borda do círculo.')).toBeVisible();
    await entreToques(page);
    await page.touchscreen.tap(c.x + 60, c.y);
    await expect(page.getByText(/^Círculo com raio de/)).toBeVisible();
    const raio = Number(await campo(page, /^Raio/).inputValue());
    expect(raio).toBeGreaterThan(20);

    // The border handle sits due east of the centre.
    const alcas = mapaDe(page).locator('.leaflet-marker-pane .marker-icon');
    await expect(alcas).toHaveCount(2);
    const [a, b] = await Promise.all([centro(alcas.nth(0)), centro(alcas.nth(1))]);
    const borda = a.x > b.x ? a : b;
    await arrastarComToque(page, borda, { x: borda.x + 50, y: borda.y });
    await expect.poll(async () => Number(await campo(page, /^Raio/).inputValue())).toBeGreaterThan(raio * 1.4);
    await salvarZona(page, 'Escola');
    await expect(page.getByRole('listitem').filter({ hasText: 'ESCOLA' })).toContainText('Círculo de');

    // A polygon: four taps around the pet, then Concluir.
    await page.getByRole('link', { name: 'Nova zona' }).tap();
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
    await page.getByRole('radio', { name: 'Polígono' }).tap();
    pet = mapaDe(page).locator('.leaflet-marker-icon[title="THOR"]');
    await expect(pet).toBeVisible();
    await page.getByRole('button', { name: 'Desenhar polígono' }).tap();
    await mapaDe(page).scrollIntoViewIfNeeded();
    const p = await centro(pet);
    for (const [dx, dy] of [
      [-70, -60],
      [70, -60],
      [70, 60],
      [-70, 60],
    ] as const) {
      await page.touchscreen.tap(p.x + dx, p.y + dy);
      await entreToques(page);
    }
    await expect(page.getByText(/\(4 pontos marcados\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Concluir polígono' }).tap();
    await expect(page.getByText('Polígono com 4 pontos. Arraste os pontos no mapa para ajustar.')).toBeVisible();
    await salvarZona(page, 'Parque');
    await expect(page.getByRole('listitem').filter({ hasText: 'PARQUE' })).toContainText('Polígono de 4 pontos');
  } finally {
    await page.context().close();
  }
});

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function auditar(page: Page, tela: string) {
  await page.evaluate(async () => {
    const finitas = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finitas.map((a) => a.finished.catch(() => undefined)));
  });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `${tela}: violações sérias ou críticas`,
    )
    .toEqual([]);
}

test('a keyboard alone creates a circle around the pet; axe finds nothing serious on the zone screens', async ({ page }) => {
  await entrar(page, cliente.email, cliente.senha);
  await expect(mapaDe(page)).toBeVisible();
  await page.getByRole('link', { name: 'Zonas seguras' }).click();
  await expect(page.getByRole('table', { name: 'Zonas seguras' }).getByRole('row').nth(1)).toBeVisible();
  await auditar(page, 'lista de zonas');

  await tabAte(page, page.getByRole('link', { name: 'Nova zona' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
  await expect(mapaDe(page).locator('.leaflet-marker-icon[title="THOR"]')).toBeVisible();
  await auditar(page, 'editor de zona');

  await tabAte(page, page.getByRole('combobox', { name: 'Centro do círculo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Posição atual de THOR' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Centro do círculo' })).toHaveText('Posição atual de THOR');
  await tabAte(page, page.getByRole('button', { name: 'Posicionar círculo' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Círculo posicionado em THOR, com raio de 100 m.' })).toBeVisible();
  await tabAte(page, campo(page, /^Raio/));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('300');
  await tabAte(page, campo(page, /^Nome/));
  await page.keyboard.type('Bairro');
  await tabAte(page, page.getByRole('switch', { name: 'Alertar quando entrar' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('switch', { name: 'Alertar quando entrar' })).toBeChecked();
  await tabAte(page, page.getByRole('button', { name: 'Salvar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.zonaSalva)).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: 'BAIRRO' });
  await expect(linha).toContainText('Círculo de 300 m');
  await expect(linha).toContainText('Saída e entrada');

  // Its events: none yet.
  await linha.getByRole('button', { name: /Ações do registro/ }).click();
  await page.getByRole('menuitem', { name: 'Ver eventos' }).click();
  await expect(page.getByText(MSG.nenhumEventoZona)).toBeVisible();
  // (After the success snackbar, which is not this screen's.)
  await expect(page.getByText(MSG.zonaSalva)).toBeHidden({ timeout: 15_000 });
  await auditar(page, 'eventos da zona');
});
