import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { bannerModoPerdido, MSG } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN } from './env';
import { CELULAR, COMPUTADOR, entrar, enviarPosicao } from './support';

/**
 * The owner's map with three pets (issue #32): each marker shows its pet (photo or initial, and
 * its name); on a 390×844 phone a tap on the lowest marker shows that pet's card in the sheet with
 * every action uncovered; no banner covers the zoom buttons; a route that ends where it began
 * keeps its start marker visible and the map fits the whole route. Then the same map at 1366×800.
 *
 * "Uncovered" is what a finger meets: `document.elementFromPoint` at the control's centre must be
 * the control or inside it.
 */
test.describe.configure({ timeout: 150_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `LIA ${sufixo}`, email: `lia.mapa.${sufixo}@e2e.rastro.test`, senha: 'Lia#Mapa2026' };
const novato = { nome: `DAN ${sufixo}`, email: `dan.mapa.${sufixo}@e2e.rastro.test`, senha: 'Dan#Mapa2026' };
const CASA = { latitude: -23.5614, longitude: -46.6559 };
/** REX's walk today: out to the park and back home, where it began. */
const PARQUE = { latitude: CASA.latitude + 0.006, longitude: CASA.longitude - 0.008 };
const imei = imeiUnico();
const imeiN = (n: number) => `${imei.slice(0, 14)}${(Number(imei.slice(14)) + n) % 10}`;
// MEL's name must reach the marker as text, never as markup.
const pets = {
  rex: { nome: 'REX', imei, id: 0 },
  toto: { nome: 'TOTO', imei: imeiN(3), id: 0 },
  mel: { nome: 'MEL & <CIA>', imei: imeiN(6), id: 0 },
};

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  await cadastrarCliente(novato.nome, novato.email, novato.senha);
  const token = await tokenDe(dona.email, dona.senha);
  for (const pet of Object.values(pets)) {
    await registrarRastreador(admin, pet.imei);
    const vinculo = { imei: pet.imei, descricao: pet.nome, intervaloLocalizacao: 5, periUltraEconBateria: 60 };
    pet.id = meuRastreadorSchema.parse(await api(token, 'POST', '/api/usuarios/rastreadores', vinculo)).id;
  }
  await enviarPosicao(pets.rex.imei, { ...CASA, bateria: 90 });
  await enviarPosicao(pets.rex.imei, { ...PARQUE, bateria: 88 });
  await enviarPosicao(pets.rex.imei, { ...CASA, bateria: 87 });
  // Across the neighbourhood, TOTO the southernmost: the lowest marker on the screen.
  await enviarPosicao(pets.toto.imei, { latitude: CASA.latitude - 0.006, longitude: CASA.longitude - 0.016, bateria: 55 });
  await enviarPosicao(pets.mel.imei, { latitude: CASA.latitude + 0.002, longitude: CASA.longitude + 0.018, bateria: 64 });
  await api(token, 'PUT', `/api/usuarios/rastreadores/${pets.mel.id}/modo-perdido`, { ativo: true, horas: 6 });
});

async function logado(browser: Browser, opcoes: BrowserContextOptions, quem: { email: string; senha: string }) {
  const page = await (await browser.newContext(opcoes)).newPage();
  await entrar(page, quem.email, quem.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);
  return page;
}

/**
 * Whether a finger (or mouse) on `alvo` meets `alvo`, by `document.elementFromPoint`: at its centre
 * and near its four corners (15% in, clear of rounded corners), nothing lies over it, and it is on screen.
 */
const descoberto = (alvo: Locator) =>
  alvo.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const pontos = [
      [0.5, 0.5],
      [0.15, 0.15],
      [0.85, 0.15],
      [0.15, 0.85],
      [0.85, 0.85],
    ];
    return pontos.every(([fx = 0, fy = 0]) => {
      const topo = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      return topo !== null && (topo === el || el.contains(topo));
    });
  });

async function esperarDescoberto(alvo: Locator, nome: string) {
  await expect(alvo, nome).toBeVisible();
  await expect.poll(() => descoberto(alvo), { message: `${nome} está coberto` }).toBe(true);
}

async function zoomDescoberto(page: Page) {
  const mapa = page.getByRole('region', { name: 'Mapa' });
  await esperarDescoberto(mapa.getByRole('button', { name: 'Aproximar' }), 'Aproximar (+)');
  await esperarDescoberto(mapa.getByRole('button', { name: 'Afastar' }), 'Afastar (−)');
}

/** The marker of a pet: its accessible name starts with the pet's name ('MEL & <CIA>, em modo perdido'). */
const marcadorDe = (page: Page, nome: string) =>
  page.getByRole('region', { name: 'Mapa' }).locator(`.leaflet-marker-icon[title^=${JSON.stringify(nome)}]`);

async function marcadoresMostramOsPets(page: Page) {
  for (const { nome } of Object.values(pets)) {
    const m = marcadorDe(page, nome);
    await expect(m, nome).toHaveCount(1);
    // Its name as text on the map, and its initial on its colour (no photo yet).
    await expect(m.getByText(nome, { exact: true }), nome).toBeVisible();
    await expect(m, nome).toContainText(nome.charAt(0));
  }
  // MEL's name is text: nothing of it became markup.
  await expect(page.locator('.leaflet-marker-pane cia')).toHaveCount(0);
}

/** Web Mercator pixels at zoom z (256 px tiles), as Leaflet projects. */
function pixel(lat: number, lng: number, z: number) {
  const escala = 256 * 2 ** z;
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((lng + 180) / 360) * escala, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * escala };
}

/** The map's zoom, read from the tiles of the level on screen (the local tile server's /{z}/{x}/{y}.png). */
async function zoomDoMapa(page: Page): Promise<number> {
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeVisible();
  return page.evaluate(() => {
    const niveis = [...document.querySelectorAll<HTMLElement>('.leaflet-tile-container')].filter((c) =>
      c.querySelector('img.leaflet-tile-loaded'),
    );
    const atual = niveis.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    const src = atual?.querySelector('img')?.getAttribute('src') ?? '';
    return Number(/\/(\d+)\/\d+\/\d+\.png$/.exec(src)?.[1] ?? Number.NaN);
  });
}

test('on a 390×844 phone: pets told apart on the map, the lowest one’s actions uncovered, banners clear of the zoom, the route fitted', async ({
  browser,
}) => {
  const page = await logado(browser, CELULAR, dona);
  const mapa = page.getByRole('region', { name: 'Mapa' });
  const folha = page.getByRole('region', { name: /^Meus pets/ });
  try {
    await test.step('each marker shows its pet: initial on its colour and name', async () => {
      await expect(folha.getByRole('heading', { name: 'Meus pets (3)' })).toBeVisible();
      await marcadoresMostramOsPets(page);
      await expect(marcadorDe(page, pets.mel.nome)).toHaveAttribute('title', `${pets.mel.nome}, em modo perdido`);
    });

    await test.step('the lost-mode banner leaves the zoom buttons uncovered', async () => {
      await expect(page.getByText(bannerModoPerdido(pets.mel.nome, ''))).toBeVisible();
      await zoomDescoberto(page);
      await page.screenshot({ path: test.info().outputPath('mapa-celular.png') });
    });

    await test.step('a tap on the lowest marker shows that pet’s card in the sheet, every action uncovered', async () => {
      const caixas = await mapa
        .locator('.leaflet-marker-icon')
        .evaluateAll((els) => els.map((el) => ({ titulo: el.getAttribute('title') ?? '', y: el.getBoundingClientRect().bottom })));
      const maisBaixo = caixas.sort((a, b) => b.y - a.y)[0];
      expect(maisBaixo?.titulo).toBe(pets.toto.nome);
      await marcadorDe(page, pets.toto.nome).tap();
      const cartao = folha.getByRole('article', { name: pets.toto.nome });
      await expect(cartao).toBeVisible();
      // Only that pet's card, with its actions.
      await expect(folha.getByRole('article')).toHaveCount(1);
      await expect(page.locator('.leaflet-popup')).toHaveCount(0);
      const controles = [
        cartao.getByRole('button', { name: `Localizar agora ${pets.toto.nome}` }),
        cartao.getByRole('button', { name: `Rota de hoje de ${pets.toto.nome}` }),
        cartao.getByRole('button', { name: 'Ativar modo perdido' }),
        cartao.getByRole('button', { name: 'Compartilhar' }),
        cartao.getByRole('button', { name: 'Desligar' }),
        folha.getByRole('button', { name: 'Ver todos os pets' }),
      ];
      for (const c of controles) await esperarDescoberto(c, (await c.textContent()) ?? '');
      // The pet itself stays in sight above the sheet, and the map's controls stay uncovered.
      const [m, f] = [await marcadorDe(page, pets.toto.nome).boundingBox(), await folha.boundingBox()];
      if (!m || !f) throw new Error('caixas ausentes');
      expect(m.y + m.height).toBeLessThan(f.y);
      await esperarDescoberto(marcadorDe(page, pets.toto.nome), 'marcador de TOTO');
      await zoomDescoberto(page);
      await page.screenshot({ path: test.info().outputPath('pet-card.png') });
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

      // Collapsed, the card's actions are gone (not covered); open again, they are all reachable.
      await folha.getByRole('button', { name: 'Esconder os pets' }).tap();
      await expect(cartao).toBeHidden();
      await folha.getByRole('button', { name: 'Mostrar os pets' }).tap();
      for (const c of controles) await esperarDescoberto(c, (await c.textContent()) ?? '');

      // Another marker, by keyboard, switches the card and takes the focus there, to its actions.
      await marcadorDe(page, pets.mel.nome).focus();
      await page.keyboard.press('Enter');
      await expect(folha.getByRole('article', { name: pets.mel.nome })).toBeFocused();
      await esperarDescoberto(folha.getByRole('button', { name: 'Desativar modo perdido' }), 'Desativar modo perdido');
      await esperarDescoberto(marcadorDe(page, pets.mel.nome), 'marcador de MEL');
      // 'Ver todos os pets' brings the list back.
      await folha.getByRole('button', { name: 'Ver todos os pets' }).tap();
      await expect(folha.getByRole('article')).toHaveCount(3);
    });

    await test.step('the route back home: fitted to the screen, start and end markers both visible and tappable', async () => {
      const resposta = page.waitForResponse((r) => r.url().includes('tipoVisualizacao=HISTORICO'));
      await folha.getByRole('button', { name: 'Rota de hoje de REX' }).tap();
      expect((await (await resposta).json()) as unknown[]).toHaveLength(3);
      const rota = page.getByRole('region', { name: 'Rota' });
      await expect(rota.getByRole('heading', { name: 'Rota de REX' })).toBeVisible();
      const inicio = mapa.getByRole('button', { name: 'Início do trajeto' });
      const fim = mapa.getByRole('button', { name: 'Fim do trajeto' });
      await esperarDescoberto(inicio, 'Início do trajeto');
      await esperarDescoberto(fim, 'Fim do trajeto');
      await zoomDescoberto(page);
      // The park, the walk's far end, lies in the part of the map nothing covers.
      const z = await zoomDoMapa(page);
      const [f, r, filtros] = await Promise.all([
        fim.boundingBox(),
        rota.boundingBox(),
        page.getByRole('button', { name: 'Filtros' }).boundingBox(),
      ]);
      if (!f || !r || !filtros) throw new Error('caixas ausentes');
      const [casa, parque] = [pixel(CASA.latitude, CASA.longitude, z), pixel(PARQUE.latitude, PARQUE.longitude, z)];
      const p = { x: f.x + f.width / 2 + parque.x - casa.x, y: f.y + f.height / 2 + parque.y - casa.y };
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(390);
      expect(p.y).toBeGreaterThan(filtros.y + filtros.height);
      expect(p.y).toBeLessThan(r.y);
      // The home end of the route too.
      expect(f.y + f.height).toBeLessThan(r.y);
      // The park is a dot on the map's canvas: a finger on it opens that position.
      await page.touchscreen.tap(p.x, p.y);
      const janela = page.locator('.leaflet-popup');
      await expect(janela).toContainText(`Latitude: ${PARQUE.latitude.toFixed(6)}`);
      await janela.getByRole('button', { name: 'Fechar' }).tap();
      await expect(janela).toHaveCount(0);
      await inicio.tap();
      await expect(page.locator('.leaflet-popup')).toContainText(`Latitude: ${CASA.latitude.toFixed(6)}`);
      await page.screenshot({ path: test.info().outputPath('rota-celular.png') });
    });
  } finally {
    await page.context().close();
  }

  await test.step('a new owner with no tracker: the banner leaves the zoom buttons uncovered', async () => {
    const p = await logado(browser, CELULAR, novato);
    try {
      await expect(p.getByRole('status').filter({ hasText: MSG.nenhumRastreadorEncontrado }).first()).toBeVisible();
      await zoomDescoberto(p);
    } finally {
      await p.context().close();
    }
  });
});

test('at 1366×800: the markers show the pets, banners stay off the map’s controls, the info window shows the pet', async ({ browser }) => {
  const page = await logado(browser, COMPUTADOR, dona);
  try {
    await marcadoresMostramOsPets(page);
    await expect(page.getByText(bannerModoPerdido(pets.mel.nome, ''))).toBeVisible();
    await zoomDescoberto(page);
    await marcadorDe(page, pets.toto.nome).click();
    const janela = page.locator('.leaflet-popup');
    await expect(janela).toContainText(pets.toto.nome);
    for (const nome of ['Ativar modo perdido', 'Compartilhar', 'Desligar'])
      await esperarDescoberto(janela.getByRole('button', { name: nome }), nome);
    await page.screenshot({ path: test.info().outputPath('mapa-computador.png') });
  } finally {
    await page.context().close();
  }
  const p = await logado(browser, COMPUTADOR, novato);
  try {
    await expect(p.getByText(MSG.nenhumRastreadorEncontrado)).toBeVisible();
    await zoomDescoberto(p);
  } finally {
    await p.context().close();
  }
});
