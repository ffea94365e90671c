import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page, type Route } from '@playwright/test';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN } from './env';
import { CELULAR, COMPUTADOR, entrar, enviarPosicao } from './support';

/**
 * A repeat visit to the owner's map (issue #33): the markers of the last visit show at once,
 * kept in the browser, saying how old they are ("Atualizado há 5 min"), while the fresh ones
 * load — here held back by the test — and the label goes when they arrive. Before the app's code
 * has run, the map's preview draws the same markers (ADR 0023). At 390×844 (touch)
 * and at 1366×800, the label covers none of the map's controls. Then a logout forgets them.
 */
test.describe.configure({ timeout: 120_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `ISA ${sufixo}`, email: `isa.guardado.${sufixo}@e2e.rastro.test`, senha: 'Isa#Mapa2026' };
const PET = 'BOLT';
const CHAVE = 'rastro_marcadores';
const MARCADORES = '**/api/usuarios/rastreadores/ultimas-localizacoes?*';
/** The app's entry chunk (index.html's inline script loads it after the preview). */
const ENTRADA = '**/assets/index-*.js';

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  const token = await tokenDe(dona.email, dona.senha);
  const imei = imeiUnico();
  await registrarRastreador(admin, imei);
  meuRastreadorSchema.parse(
    await api(token, 'POST', '/api/usuarios/rastreadores', { imei, descricao: PET, intervaloLocalizacao: 5, periUltraEconBateria: 60 }),
  );
  await enviarPosicao(imei, { latitude: -23.5614, longitude: -46.6559, bateria: 77 });
});

const marcador = (page: Page) => page.getByRole('region', { name: 'Mapa' }).locator(`.leaflet-marker-icon[title^="${PET}"]`);

/** Nothing lies over `alvo` at its centre and near its corners (document.elementFromPoint). */
const descoberto = (alvo: Locator) =>
  alvo.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return [
      [0.5, 0.5],
      [0.15, 0.15],
      [0.85, 0.15],
      [0.15, 0.85],
      [0.85, 0.85],
    ].every(([fx = 0, fy = 0]) => {
      const topo = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      return topo !== null && (topo === el || el.contains(topo));
    });
  });

async function esperarDescoberto(alvo: Locator, nome: string) {
  await expect(alvo, nome).toBeVisible();
  await expect.poll(() => descoberto(alvo), { message: `${nome} está coberto` }).toBe(true);
}

/** The kept markers' time, moved back: as if the last visit had been `minutos` ago. */
async function envelhecer(page: Page, minutos: number) {
  await page.evaluate(
    ({ chave, ms }) => {
      const texto = localStorage.getItem(chave);
      if (!texto) throw new Error('nada guardado');
      const guardado = JSON.parse(texto) as { salvoEm: number };
      localStorage.setItem(chave, JSON.stringify({ ...guardado, salvoEm: guardado.salvoEm - ms }));
    },
    { chave: CHAVE, ms: minutos * 60_000 },
  );
}

async function jornada(browser: Browser, opcoes: BrowserContextOptions, nome: string) {
  const context = await browser.newContext(opcoes);
  const page = await context.newPage();
  try {
    await test.step('first visit: the fresh markers, kept in the browser', async () => {
      await entrar(page, dona.email, dona.senha);
      await expect(page).toHaveURL(/\/user\/mapa$/);
      await expect(marcador(page)).toBeVisible();
      await expect.poll(() => page.evaluate((c) => localStorage.getItem(c), CHAVE)).toContain(`"name":"${PET}"`);
      await expect(page.getByText(/^Atualizado/)).toHaveCount(0);
    });

    // The owner leaves and comes back five minutes later, on a slow network: the markers API is held.
    await page.goto('/user/minha-conta');
    await envelhecer(page, 5);
    const retidas: Route[] = [];
    await page.route(MARCADORES, (route) => {
      retidas.push(route);
    });

    await test.step('repeat visit, before the app runs: the preview draws the kept markers with their age', async () => {
      // The app's code held back (and no worker, whose cache the route would not see): what shows
      // first is the preview (ADR 0023), from what the browser kept — hidden from screen readers.
      await page.evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
      });
      const entradas: Route[] = [];
      await page.route(ENTRADA, (route) => {
        entradas.push(route);
      });
      await page.goto('/user/mapa');
      const previa = page.locator('.rastro-previa');
      await expect(previa.locator('.leaflet-marker-icon')).toBeVisible();
      await expect(previa).toHaveAttribute('aria-hidden', 'true');
      await expect(previa.locator('.rastro-previa__idade')).toHaveText('Atualizado há 5 min · abrindo o mapa…');
      await expect(previa.locator('.rastro-pet__nome')).toHaveText(PET);
      await expect.poll(() => entradas.length, { message: 'a prévia pintou e o app foi pedido' }).toBeGreaterThan(0);
      await page.screenshot({ path: test.info().outputPath(`mapa-previa-${nome}.png`) });
      for (const r of entradas) await r.continue();
      await page.unroute(ENTRADA);
    });

    await test.step('repeat visit: the kept markers at once, with their age, covering no control', async () => {
      await expect(marcador(page)).toBeVisible();
      // The app's map has its markers: the preview is gone.
      await expect(page.locator('.rastro-previa')).toHaveCount(0);
      const idade = page.getByRole('status').filter({ hasText: /^Atualizado/ });
      await expect(idade).toHaveText('Atualizado há 5 min · buscando posições novas…');
      await expect.poll(() => retidas.length, { message: 'o mapa pediu os marcadores novos' }).toBeGreaterThan(0);
      const mapa = page.getByRole('region', { name: 'Mapa' });
      await esperarDescoberto(mapa.getByRole('button', { name: 'Aproximar' }), 'Aproximar (+)');
      await esperarDescoberto(mapa.getByRole('button', { name: 'Afastar' }), 'Afastar (−)');
      await esperarDescoberto(idade, 'a idade');
      await esperarDescoberto(marcador(page), `marcador de ${PET}`);
      if (opcoes.hasTouch) {
        await esperarDescoberto(page.getByRole('button', { name: 'Filtros' }), 'Filtros');
        await esperarDescoberto(page.getByRole('heading', { name: 'Meus pets (1)' }), 'a folha dos pets');
      } else {
        await esperarDescoberto(page.getByRole('button', { name: 'Buscar' }), 'Buscar');
      }
      await page.screenshot({ path: test.info().outputPath(`mapa-guardado-${nome}.png`) });
    });

    await test.step('the fresh markers arrive: the age goes', async () => {
      for (const r of retidas) await r.continue();
      await page.unroute(MARCADORES);
      await expect(page.getByText(/^Atualizado/)).toHaveCount(0);
      await expect(marcador(page)).toBeVisible();
      await expect(page.getByText('Carregando localizações...')).toHaveCount(0);
    });
  } finally {
    await context.close();
  }
}

test('repeat visit on a 390×844 phone: the last markers at once, "há 5 min", then the fresh ones', async ({ browser }) => {
  await jornada(browser, CELULAR, 'celular');
});

test('repeat visit at 1366×800: the same, over the map, then a logout forgets the markers', async ({ browser }) => {
  await jornada(browser, COMPUTADOR, 'computador');
  const context = await browser.newContext(COMPUTADOR);
  const page = await context.newPage();
  try {
    await entrar(page, dona.email, dona.senha);
    await expect(marcador(page)).toBeVisible();
    await expect.poll(() => page.evaluate((c) => localStorage.getItem(c), CHAVE)).not.toBeNull();
    await page.getByRole('link', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });
    expect(await page.evaluate((c) => localStorage.getItem(c), CHAVE)).toBeNull();
  } finally {
    await context.close();
  }
});
