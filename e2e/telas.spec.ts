import { expect, test, type Locator, type Page } from '@playwright/test';
import { DESCRICAO_SITUACAO_ENERGIA as ENERGIA, DESCRICAO_SITUACAO_RASTREADOR as SITUACAO } from '@rastro/shared/dominio';
import { MSG } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { paths } from '@rastro/web/paths';
import { TEXTO_CEP } from '@rastro/web/components/endereco/textos';
import { TEXTO_SEM_ACESSO } from '@rastro/web/components/textos-sem-acesso';
import { TEXTO_PRIMEIRO_RASTREADOR } from '@rastro/web/features/meus-rastreadores/textos';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { entrar, enviarPosicao } from './support';

/**
 * Every screen of the owner's area and of the administration on a phone (390×844, touch), issue
 * #32: nothing scrolls sideways, the dashboard's charts keep every label, a client who follows an
 * admin link is told so, a new owner is invited to link a tracker, a CEP lookup that fails says so,
 * and a form that cannot be saved shows where.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
test.describe.configure({ mode: 'serial', timeout: 360_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `LIA ${sufixo}`, email: `lia.telas.${sufixo}@e2e.rastro.test`, senha: 'Lia#Telas2026' };
const novato = { nome: `NOE ${sufixo}`, email: `noe.telas.${sufixo}@e2e.rastro.test`, senha: 'Noe#Telas2026' };
const imei = imeiUnico();
const ids = { vinculo: 0, rastreador: 0, zona: 0, chip: 0, usuario: 0 };
const CASA = { latitude: -23.5614, longitude: -46.6559 };

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  ids.usuario = (await cadastrarCliente(dona.nome, dona.email, dona.senha)).id;
  await cadastrarCliente(novato.nome, novato.email, novato.senha);
  const token = await tokenDe(dona.email, dona.senha);
  ids.rastreador = (await registrarRastreador(admin, imei)).id;
  ids.chip = (await api<{ id: number }>(admin, 'POST', '/api/chips', { descricao: `CHIP TELAS ${sufixo}`, numero: `1197${sufixo}1` })).id;
  const vinculo = meuRastreadorSchema.parse(
    await api(token, 'POST', '/api/usuarios/rastreadores', { imei, descricao: 'BOLT', intervaloLocalizacao: 5, periUltraEconBateria: 60 }),
  );
  ids.vinculo = vinculo.id;
  const zona = await api<{ id: number }>(token, 'POST', '/api/zonas', {
    nome: 'QUINTAL',
    tipo: 'CIRCULO',
    latitude: CASA.latitude,
    longitude: CASA.longitude,
    raioMetros: 200,
    rastreadorIds: [vinculo.rastreadorId],
    alertarSaida: true,
    alertarEntrada: true,
  });
  ids.zona = zona.id;
  await enviarPosicao(imei, { latitude: CASA.latitude, longitude: CASA.longitude, bateria: 64 });
  await enviarPosicao(imei, { latitude: CASA.latitude - 0.01, longitude: CASA.longitude, bateria: 63 });
});

/** Every route pattern of an area, as paths.ts lists them (a new screen joins the walk or fails it). */
function padroes(area: Record<string, unknown>): string[] {
  const saida: string[] = [];
  const visitar = (no: unknown) => {
    if (typeof no !== 'object' || no === null) return;
    const { path, statusPath } = no as { path?: unknown; statusPath?: unknown };
    for (const p of [path, statusPath]) if (typeof p === 'string') saida.push(p);
    for (const filho of Object.values(no)) visitar(filho);
  };
  visitar(area);
  return saida.sort();
}

interface Tela {
  padrao: string;
  url: () => string;
  /** The page's name in the top bar (the route's title); the auth screens have no top bar. */
  titulo?: string;
  /** Something only the loaded page shows. */
  pronta?: (page: Page) => Locator;
}

const main = (page: Page) => page.getByRole('main');

const TELAS_DO_DONO: Tela[] = [
  {
    padrao: paths.user.mapa.path,
    url: () => paths.user.mapa.getHref(),
    titulo: 'Mapa GPS',
    pronta: (p) => p.getByRole('region', { name: /^Meus pets/ }),
  },
  {
    padrao: paths.user.meusRastreadores.list.path,
    url: () => paths.user.meusRastreadores.list.getHref(),
    titulo: 'Meus Rastreadores',
    pronta: (p) => main(p).getByText('BOLT'),
  },
  {
    padrao: paths.user.meusRastreadores.create.path,
    url: () => paths.user.meusRastreadores.create.getHref(),
    titulo: 'Cadastrar Rastreador',
    pronta: (p) => p.getByRole('form', { name: 'Cadastrar' }),
  },
  {
    padrao: paths.user.meusRastreadores.edit.path,
    url: () => paths.user.meusRastreadores.edit.getHref(ids.vinculo),
    titulo: 'Editar Rastreador',
    pronta: (p) => p.getByRole('textbox', { name: /^Descrição/ }),
  },
  {
    padrao: paths.user.rastreadorDetalhe.path,
    url: () => paths.user.rastreadorDetalhe.getHref(ids.vinculo),
    titulo: 'Detalhe do Rastreador',
    pronta: (p) => p.getByRole('tablist', { name: 'Histórico do rastreador' }),
  },
  {
    padrao: paths.user.zonas.list.path,
    url: () => paths.user.zonas.list.getHref(),
    titulo: 'Zonas seguras',
    pronta: (p) => main(p).getByText('QUINTAL'),
  },
  {
    padrao: paths.user.zonas.create.path,
    url: () => paths.user.zonas.create.getHref(),
    titulo: 'Cadastrar Zona segura',
    pronta: (p) => p.getByRole('textbox', { name: /^Nome/ }),
  },
  {
    padrao: paths.user.zonas.edit.path,
    url: () => paths.user.zonas.edit.getHref(ids.zona),
    titulo: 'Editar Zona segura',
    pronta: (p) => p.getByRole('textbox', { name: /^Nome/ }),
  },
  {
    padrao: paths.user.zonas.eventos.path,
    url: () => paths.user.zonas.eventos.getHref(ids.zona),
    titulo: 'Eventos da Zona segura',
    pronta: (p) =>
      main(p)
        .getByText(/QUINTAL/)
        .first(),
  },
  { padrao: paths.user.notificacoes.path, url: () => paths.user.notificacoes.getHref(), titulo: 'Notificações' },
  {
    padrao: paths.user.minhaConta.path,
    url: () => paths.user.minhaConta.getHref(),
    titulo: 'Minha Conta',
    pronta: (p) => p.getByRole('textbox', { name: 'CEP' }),
  },
  {
    padrao: paths.user.meusPagamentos.path,
    url: () => paths.user.meusPagamentos.getHref(),
    titulo: 'Meus Pagamentos',
    pronta: (p) => main(p).getByRole('button', { name: 'Assinar para BOLT' }),
  },
];

const TELAS_DO_ADMIN: Tela[] = [
  {
    padrao: paths.admin.root.path,
    url: () => paths.admin.root.getHref(),
    titulo: 'Dashboard',
    pronta: (p) => p.getByRole('list', { name: 'Totais' }),
  },
  {
    padrao: paths.admin.dashboard.path,
    url: () => paths.admin.dashboard.getHref(),
    titulo: 'Dashboard',
    pronta: (p) => p.getByRole('list', { name: 'Histórico guardado' }),
  },
  {
    padrao: paths.admin.usuarios.list.path,
    url: () => `${paths.admin.usuarios.list.getHref()}?email=${encodeURIComponent(dona.email)}&buscar=1`,
    titulo: 'Usuários',
    pronta: (p) => main(p).getByText(dona.email),
  },
  {
    padrao: paths.admin.usuarios.create.path,
    url: () => paths.admin.usuarios.create.getHref(),
    titulo: 'Cadastrar Usuário',
    pronta: (p) => p.getByRole('textbox', { name: 'CEP' }),
  },
  {
    padrao: paths.admin.usuarios.edit.path,
    url: () => paths.admin.usuarios.edit.getHref(ids.usuario),
    titulo: 'Editar Usuário',
    pronta: (p) => p.getByRole('textbox', { name: /^E-mail/ }),
  },
  {
    padrao: paths.admin.rastreadores.list.path,
    url: () => `${paths.admin.rastreadores.list.getHref()}?imei=${imei}&buscar=1`,
    titulo: 'Rastreadores',
    pronta: (p) => main(p).getByText(imei).first(),
  },
  {
    padrao: paths.admin.rastreadores.create.path,
    url: () => paths.admin.rastreadores.create.getHref(),
    titulo: 'Cadastrar Rastreador',
    pronta: (p) => p.getByRole('textbox', { name: /^IMEI/ }),
  },
  {
    padrao: paths.admin.rastreadores.edit.path,
    url: () => paths.admin.rastreadores.edit.getHref(ids.rastreador),
    titulo: 'Editar Rastreador',
    pronta: (p) => p.getByRole('textbox', { name: /^IMEI/ }),
  },
  {
    padrao: paths.admin.chips.list.path,
    url: () => `${paths.admin.chips.list.getHref()}?descricao=${encodeURIComponent(`CHIP TELAS ${sufixo}`)}&buscar=1`,
    titulo: 'Chips',
    pronta: (p) => main(p).getByText(`CHIP TELAS ${sufixo}`),
  },
  {
    padrao: paths.admin.chips.create.path,
    url: () => paths.admin.chips.create.getHref(),
    titulo: 'Cadastrar Chip',
    pronta: (p) => p.getByRole('textbox', { name: /^Número/ }),
  },
  {
    padrao: paths.admin.chips.edit.path,
    url: () => paths.admin.chips.edit.getHref(ids.chip),
    titulo: 'Editar Chip',
    pronta: (p) => p.getByRole('textbox', { name: /^Número/ }),
  },
  {
    padrao: paths.admin.pagamentos.path,
    url: () => paths.admin.pagamentos.getHref(),
    titulo: 'Pagamentos',
    pronta: (p) => main(p).getByRole('list', { name: 'Totais das cobranças' }),
  },
];

/** The change of password is in both menus; it lives under /auth but needs a session. */
const ALTERAR_SENHA: Tela = {
  padrao: paths.auth.alterarSenha.path,
  url: () => paths.auth.alterarSenha.getHref(),
  pronta: (p) => p.getByRole('heading', { name: 'Alterar senha' }),
};

/** The page's width against the screen's: a phone page must not scroll sideways. */
async function semRolagemLateral(page: Page, tela: string) {
  const [documento, corpo, tela_] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.body.scrollWidth,
    window.innerWidth,
  ]);
  expect(tela_, tela).toBe(390);
  expect(documento, `${tela}: largura do documento`).toBeLessThanOrEqual(tela_);
  expect(corpo, `${tela}: largura do body`).toBeLessThanOrEqual(tela_);
}

async function visitar(page: Page, tela: Tela) {
  await page.goto(tela.url());
  if (tela.titulo) await expect(page.getByRole('banner').getByRole('heading', { level: 1 }), tela.padrao).toHaveText(tela.titulo);
  if (tela.pronta) await expect(tela.pronta(page), tela.padrao).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Skeletons give way to the data, sheets finish sliding in.
  await page.waitForTimeout(400);
  await semRolagemLateral(page, tela.url());
}

/** Boxes that share any area. */
const sobrepoe = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A chart's categories are all written, none over another, and every bar carries its count. */
async function rotulosLegiveis(grafico: Locator, categorias: readonly string[]) {
  const svg = grafico.locator('svg').first();
  await expect(svg).toBeVisible();
  const caixas = [];
  for (const c of categorias) {
    const rotulo = svg.locator('text').filter({ hasText: new RegExp(`^${c}$`) });
    await expect(rotulo, c).toHaveCount(1);
    await expect(rotulo, c).toBeVisible();
    const caixa = await rotulo.boundingBox();
    expect(caixa, c).not.toBeNull();
    if (caixa) caixas.push({ c, caixa });
  }
  for (const [i, a] of caixas.entries()) {
    for (const b of caixas.slice(i + 1)) expect(sobrepoe(a.caixa, b.caixa), `${a.c} × ${b.c}`).toBe(false);
  }
  // A count at every bar's tip, zeros included, inside the plot (which cuts off what passes its edge).
  const contagens = grafico.locator('.MuiBarChart-root text');
  await expect(contagens).toHaveCount(categorias.length);
  const eixo = await grafico.locator('.MuiChartsAxis-directionX .MuiChartsAxis-line').boundingBox();
  expect(eixo).not.toBeNull();
  for (const contagem of await contagens.all()) {
    const caixa = await contagem.boundingBox();
    expect(caixa).not.toBeNull();
    if (caixa && eixo)
      expect(caixa.x + caixa.width, `a contagem ${await contagem.textContent()}`).toBeLessThanOrEqual(eixo.x + eixo.width + 1);
  }
}

test('the owner’s screens on a phone: none scrolls sideways, the bottom bar fits, the data comes first', async ({ page }) => {
  expect([...TELAS_DO_DONO.map((t) => t.padrao)].sort(), 'todas as telas de paths.user').toEqual(padroes(paths.user));
  await entrar(page, dona.email, dona.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);

  for (const tela of [...TELAS_DO_DONO, ALTERAR_SENHA]) {
    await test.step(tela.url(), async () => {
      await visitar(page, tela);
      if (tela === ALTERAR_SENHA) return;
      // The five actions of the bottom bar sit inside the screen.
      const barra = page.getByRole('navigation', { name: 'Navegação principal' });
      for (const acao of await barra.locator('.MuiBottomNavigationAction-root').all()) {
        const caixa = await acao.boundingBox();
        expect(caixa).not.toBeNull();
        if (caixa) {
          expect(caixa.x, await acao.innerText()).toBeGreaterThanOrEqual(0);
          expect(caixa.x + caixa.width, await acao.innerText()).toBeLessThanOrEqual(390);
        }
      }
    });
  }

  await test.step('the tracker’s history tabs come right after its card, before the family', async () => {
    await page.goto(paths.user.rastreadorDetalhe.getHref(ids.vinculo));
    const abas = page.getByRole('tablist', { name: 'Histórico do rastreador' });
    await expect(abas).toBeVisible();
    const secaoGuardioes = page.getByRole('heading', { name: 'Família' });
    await expect(secaoGuardioes).toBeVisible();
    const [a, f] = [await abas.boundingBox(), await secaoGuardioes.boundingBox()];
    expect(a && f && a.y < f.y).toBe(true);
    // Within two screens of the top.
    expect(a?.y ?? Infinity).toBeLessThan(2 * 844);
    await page.screenshot({ path: test.info().outputPath('detalhe-celular.png'), fullPage: true });
  });

  await test.step('a save that cannot pass focuses the field in error, clear of the bars', async () => {
    await page.goto(paths.user.meusRastreadores.edit.getHref(ids.vinculo));
    const descricao = page.getByRole('textbox', { name: /^Descrição/ });
    await descricao.fill('');
    const salvar = page.getByRole('button', { name: 'Salvar' });
    await salvar.scrollIntoViewIfNeeded();
    await salvar.tap();
    await expect(descricao).toBeFocused();
    await expect(main(page).getByText(MSG.campoObrigatorio)).toBeVisible();
    // The field is on screen, under no bar: what is at its centre is the field itself.
    const caixa = await descricao.boundingBox();
    if (!caixa) throw new Error('campo');
    const noCentro = await page.evaluate(
      ([x, y]) =>
        document
          .elementFromPoint(x ?? 0, y ?? 0)
          ?.closest('.MuiFormControl-root')
          ?.querySelector('input')?.name ?? null,
      [caixa.x + caixa.width / 2, caixa.y + caixa.height / 2],
    );
    expect(noCentro).toBe('descricao');
  });

  await test.step('a CEP lookup that fails says so, and the address is typed by hand', async () => {
    await page.goto(paths.user.minhaConta.getHref());
    const cep = page.getByRole('textbox', { name: 'CEP' });
    // The local ViaCEP answers 500 for this CEP: the server says the lookup is unavailable.
    await cep.fill('');
    await cep.pressSequentially('77777777');
    await page.getByRole('textbox', { name: 'RG' }).tap();
    await expect(page.getByText(TEXTO_CEP.indisponivel)).toBeVisible({ timeout: 10_000 });
    await expect(cep).toHaveAccessibleDescription(TEXTO_CEP.indisponivel);
    await page.getByRole('textbox', { name: 'Logradouro' }).fill('rua das flores');
    await page.getByRole('textbox', { name: 'Bairro' }).fill('centro');
    await expect(page.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('RUA DAS FLORES');
    await page.getByRole('combobox', { name: 'Estado' }).tap();
    await page.getByRole('option', { name: 'São Paulo (SP)' }).tap();
    await expect(page.getByRole('combobox', { name: 'Cidade' })).not.toHaveAttribute('aria-disabled', 'true');
    await semRolagemLateral(page, 'minha conta com a busca de CEP indisponível');
    await page.screenshot({ path: test.info().outputPath('cep-indisponivel.png') });
  });

  await test.step('a client who follows an admin link reads that it is not for them, and goes back to the map', async () => {
    for (const padrao of padroes(paths.admin).filter(
      (p) => p !== paths.admin.root.path && p !== paths.admin.logout.path && p !== paths.admin.dashboard.path,
    )) {
      const url = padrao.replace(':id', '1');
      await page.goto(url);
      await expect(main(page).getByRole('heading', { name: TEXTO_SEM_ACESSO.titulo }), url).toBeVisible();
      await semRolagemLateral(page, `${url} (cliente)`);
    }
    await page.screenshot({ path: test.info().outputPath('sem-acesso-celular.png') });
    await main(page).getByRole('link', { name: TEXTO_SEM_ACESSO.paraOMapa }).tap();
    await expect(page).toHaveURL(/\/user\/mapa$/);
    await expect(page.getByRole('region', { name: /^Meus pets/ })).toBeVisible();
  });
});

test('a new owner is invited to link the first tracker', async ({ page }) => {
  await entrar(page, novato.email, novato.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);
  await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Pets' }).tap();
  const convite = page.getByRole('region', { name: TEXTO_PRIMEIRO_RASTREADOR.titulo });
  await expect(convite).toBeVisible();
  await expect(main(page)).not.toContainText('Nenhum resultado foi encontrado');
  await expect(main(page)).not.toContainText('0 a 0 de 0');
  await semRolagemLateral(page, 'meus rastreadores vazio');
  await page.screenshot({ path: test.info().outputPath('primeiro-rastreador.png') });
  await convite.getByRole('link', { name: TEXTO_PRIMEIRO_RASTREADOR.botao }).tap();
  await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
  await expect(page).toHaveURL(/\/user\/meus-rastreadores\/cadastrar$/);
});

test('the administration on a phone: none scrolls sideways, the charts keep every label', async ({ page }) => {
  expect([...TELAS_DO_ADMIN.map((t) => t.padrao), paths.admin.logout.path].sort(), 'todas as telas de paths.admin').toEqual(
    padroes(paths.admin),
  );
  await entrar(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await test.step('the dashboard: charts with every category, the kept history as cards', async () => {
    await visitar(page, TELAS_DO_ADMIN[1] as Tela);
    const situacao = page.getByRole('region', { name: 'Situação dos Rastreadores' });
    const energia = page.getByRole('region', { name: 'Situação de Energia dos Rastreadores' });
    await rotulosLegiveis(situacao, [SITUACAO.AGUARDANDO_VINCULO, SITUACAO.ATIVO, SITUACAO.INATIVO, SITUACAO.ALERTA]);
    await rotulosLegiveis(energia, [ENERGIA.DESLIGADO, ENERGIA.LIGADO, ENERGIA.AGUARDANDO_DESLIGAMENTO]);
    await page.screenshot({ path: test.info().outputPath('dashboard-celular.png'), fullPage: true });
  });

  for (const tela of [...TELAS_DO_ADMIN, ALTERAR_SENHA]) {
    await test.step(tela.url(), () => visitar(page, tela));
  }

  await test.step('a chip’s number stays on one line in the confirmation', async () => {
    await page.goto(`${paths.admin.chips.list.getHref()}?descricao=${encodeURIComponent(`CHIP TELAS ${sufixo}`)}&buscar=1`);
    const cartao = main(page)
      .getByRole('listitem')
      .filter({ hasText: `CHIP TELAS ${sufixo}` });
    await cartao.getByRole('button', { name: /^Ações do registro/ }).tap();
    await page.getByRole('menuitem', { name: 'Inativar' }).tap();
    const dialogo = page.getByRole('dialog');
    const numero = `(11) 9 7${sufixo.slice(0, 3)}-${sufixo.slice(3)}1`;
    const span = dialogo.getByText(numero, { exact: true });
    await expect(span).toBeVisible();
    expect(await span.evaluate((el) => el.getClientRects().length)).toBe(1);
    await dialogo.getByRole('button', { name: /^N[aã]o$/ }).tap();
  });

  await test.step('at 1366×800 the dashboard keeps its desktop layout', async () => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(paths.admin.dashboard.getHref());
    await expect(page.getByRole('table', { name: 'Histórico guardado' })).toBeVisible();
    const situacao = page.getByRole('region', { name: 'Situação dos Rastreadores' });
    await rotulosLegiveis(situacao, [SITUACAO.AGUARDANDO_VINCULO, SITUACAO.ATIVO, SITUACAO.INATIVO, SITUACAO.ALERTA]);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
    await page.screenshot({ path: test.info().outputPath('dashboard-1366.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await test.step(paths.admin.logout.path, async () => {
    await page.goto(paths.admin.logout.getHref());
    await semRolagemLateral(page, paths.admin.logout.path);
    await expect(page).toHaveURL(`${E2E_URL}${paths.auth.login.getHref()}`, { timeout: 10_000 });
  });
});
