import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { chipSchema } from '@rastro/shared/schemas/chips';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { rastreadorAdminSchema } from '@rastro/shared/schemas/rastreadores';
import { api, cadastrarCliente } from './api';
import { E2E_ADMIN } from './env';
import { esperarEmail, linkDeSenha } from './mail';
import { enviarPosicao, logado, tokenDaPagina } from './support';

/**
 * axe (WCAG 2.1 A and AA) on every screen and on the states a user meets on them (errors,
 * success, open menus and dialogs): no 'serious' or 'critical' violation; the lesser ones are
 * printed. Each screen is checked softly, so one run lists every screen that fails; the tests
 * share only what is made before them (one failing does not skip the others).
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violacao = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const descrever = (v: Violacao) =>
  [
    `${v.id} [${v.impact ?? '?'}] ${v.help} (${v.helpUrl})`,
    ...v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
  ].join('\n');

/** MUI fades and slides things in: axe must not judge a dialog's colours half-way through its fade. */
async function esperarTransicoes(page: Page) {
  await page.evaluate(async () => {
    const finitas = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finitas.map((a) => a.finished.catch(() => undefined)));
  });
}

async function auditar(page: Page, tela: string) {
  await esperarTransicoes(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const outras = violations.filter((v) => !graves.includes(v));
  if (outras.length > 0) console.log(`[axe] ${tela}: ${outras.length} violação(ões) menores\n${outras.map(descrever).join('\n')}`);
  expect.soft(graves.map(descrever), `${tela}: violações sérias ou críticas`).toEqual([]);
}

const sufixo = String(Date.now()).slice(-6);
/** Signs up on the screen. */
const visitante = { nome: `CAIO ${sufixo}`, email: `caio.a11y.${sufixo}@rastro.test`, senha: 'senha-do-caio-1' };
/** The owner of the owner screens; the administrator's lists find her too. */
const cliente = { nome: `BIA ${sufixo}`, email: `bia.a11y.${sufixo}@rastro.test`, senha: 'senha-da-bia-1' };
const chipDescricao = `CHIP A11Y ${sufixo}`;
const imei = `35${sufixo}1111111`.slice(0, 15);
const posicao = { latitude: -23.5614, longitude: -46.6559, bateria: 76 };

/**
 * The administrator and the owner log in once for the whole file (the server limits logins per
 * e-mail); each test starts from its own address on one of these two pages.
 */
const contextos: BrowserContext[] = [];
let admin: Page;
let dona: Page;
let meuId: number;

test.beforeAll(async ({ browser }) => {
  await cadastrarCliente(cliente.nome, cliente.email, cliente.senha);
  admin = await logado(browser, E2E_ADMIN.email, E2E_ADMIN.senha);
  contextos.push(admin.context());
  const tokenAdmin = await tokenDaPagina(admin);
  const chip = chipSchema.parse(await api(tokenAdmin, 'POST', '/api/chips', { descricao: chipDescricao, numero: `1197${sufixo}0` }));
  rastreadorAdminSchema.parse(await api(tokenAdmin, 'POST', '/api/rastreadores', { imei, protocolo: 'TOPIN', chipId: chip.id }));

  dona = await logado(browser, cliente.email, cliente.senha);
  contextos.push(dona.context());
  const vinculo = { imei, descricao: 'REX', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuId = meuRastreadorSchema.parse(await api(await tokenDaPagina(dona), 'POST', '/api/usuarios/rastreadores', vinculo)).id;
  // One GPS fix and one battery status, so the map has a pin and the detail tables have rows.
  await enviarPosicao(imei, posicao);
});

test.afterAll(async () => {
  for (const c of contextos) await c.close();
});

async function linhaMenu(page: Page, textoDaLinha: string) {
  await page
    .getByRole('row')
    .filter({ hasText: textoDaLinha })
    .getByRole('button', { name: /Ações do registro/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
}

async function buscar(page: Page, campo: string, valor: string) {
  await page.getByRole('form', { name: 'Pesquisa' }).getByRole('textbox', { name: campo }).fill(valor);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('row').filter({ hasText: valor })).toBeVisible();
}

const MENSAGEM_LINK_EXPIRADO = /O link de redefinição de senha expirou/;

test.describe('telas públicas', () => {
  test('login e recuperação de senha', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
    await expect(page.getByText('Eu não sou um robô', { exact: true })).toBeVisible();
    await auditar(page, 'login');
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    await expect(page.getByText('Resolva o CAPTCHA.')).toBeVisible();
    await auditar(page, 'login com erros de validação');

    await page.goto('/auth/password-reset');
    await expect(page.getByRole('heading', { name: 'Esqueceu sua senha' })).toBeVisible();
    await auditar(page, 'esqueceu sua senha');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(cliente.email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();
    await auditar(page, 'verifique seu e-mail');

    await page.goto('/auth/password-reset/error');
    await expect(page.getByRole('main').getByText(MENSAGEM_LINK_EXPIRADO)).toBeVisible();
    await auditar(page, 'esqueceu sua senha (status=error)');

    // The e-mailed link shows the new-password form; it is left unused.
    await page.goto(linkDeSenha(await esperarEmail(cliente.email, 'redefinir a senha')));
    await expect(page.getByRole('heading', { name: 'Alterar sua senha' })).toBeVisible();
    await auditar(page, 'alterar sua senha (link válido)');

    await page.goto('/auth/alterar-sua-senha/link-que-nao-existe');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
    await expect(page.getByText(MENSAGEM_LINK_EXPIRADO)).toBeVisible();
    await auditar(page, 'alterar sua senha (link inválido)');
  });

  test('cadastro, política de privacidade e página não encontrada', async ({ page }) => {
    await page.goto('/auth/sign-up');
    await expect(page.getByRole('heading', { name: 'Cadastre-se' })).toBeVisible();
    await auditar(page, 'cadastre-se');
    await page.getByRole('textbox', { name: 'Nome' }).fill(visitante.nome);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(visitante.email);
    await page.getByRole('textbox', { name: 'Celular' }).pressSequentially('11987654321');
    await page.getByRole('textbox', { name: 'Senha' }).fill(visitante.senha);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' })).toBeVisible();
    await auditar(page, 'cadastro concluído');

    await page.goto('/politica-de-privacidade');
    await expect(page.getByRole('heading', { name: 'Política de Privacidade' })).toBeVisible();
    await auditar(page, 'política de privacidade');

    await page.goto('/uma/rota/que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await auditar(page, 'página não encontrada');
  });
});

test.describe('telas do administrador', () => {
  test('dashboard e usuários', async () => {
    const page = admin;
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('main')).toContainText('Situação dos Rastreadores');
    await auditar(page, 'dashboard');

    await page.getByRole('navigation').getByRole('link', { name: 'Usuários' }).click();
    await expect(page.getByRole('form', { name: 'Pesquisa' })).toBeVisible();
    await auditar(page, 'usuários antes da busca');
    await buscar(page, 'E-mail', cliente.email);
    await auditar(page, 'usuários após a busca');
    await linhaMenu(page, cliente.email);
    await auditar(page, 'usuários: menu de ações da linha');
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios\/editar\/\d+$/);
    await expect(page.getByRole('form', { name: 'Usuário' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(cliente.email);
    await auditar(page, 'editar usuário');

    await page.goto('/admin/usuarios/cadastrar');
    await expect(page.getByRole('form', { name: 'Usuário' })).toBeVisible();
    await auditar(page, 'cadastrar usuário');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('textbox', { name: 'Nome' })).toHaveAttribute('aria-invalid', 'true');
    await auditar(page, 'cadastrar usuário com erros');
  });

  test('rastreadores', async () => {
    const page = admin;
    await page.goto('/admin/rastreadores');
    await expect(page.getByRole('form', { name: 'Pesquisa' })).toBeVisible();
    await buscar(page, 'IMEI', imei);
    await auditar(page, 'rastreadores após a busca');
    await linhaMenu(page, imei);
    await page.getByRole('menuitem', { name: 'Inativar' }).click();
    await expect(page.getByRole('dialog')).toContainText(`Deseja realmente Inativar o rastreador ${imei}?`);
    await auditar(page, 'rastreadores: diálogo de confirmação');
    await page.getByRole('dialog').getByRole('button', { name: 'Não' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await linhaMenu(page, imei);
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/admin\/rastreadores\/editar\/\d+$/);
    await expect(page.getByRole('form', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(imei);
    await auditar(page, 'editar rastreador');

    await page.goto('/admin/rastreadores/cadastrar');
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
    await auditar(page, 'cadastrar rastreador');
    await page.getByRole('combobox', { name: 'Chip' }).click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await auditar(page, 'cadastrar rastreador: lista de chips aberta');
    await page.keyboard.press('Escape');
  });

  test('chips', async () => {
    const page = admin;
    await page.goto('/admin/chips');
    await expect(page.getByText('Informe os filtros.')).toBeVisible();
    await auditar(page, 'chips antes da busca');
    await buscar(page, 'Descrição', chipDescricao);
    await auditar(page, 'chips após a busca');
    await linhaMenu(page, chipDescricao);
    await page.getByRole('menuitem', { name: 'Inativar' }).click();
    await expect(page.getByRole('dialog')).toContainText('Deseja realmente Inativar o chip');
    await auditar(page, 'chips: diálogo de confirmação');
    await page.getByRole('dialog').getByRole('button', { name: 'Não' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await linhaMenu(page, chipDescricao);
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/admin\/chips\/editar\/\d+$/);
    await expect(page.getByRole('form', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Descrição' })).toHaveValue(chipDescricao);
    await auditar(page, 'editar chip');

    await page.goto('/admin/chips/cadastrar');
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
    await auditar(page, 'cadastrar chip');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('textbox', { name: 'Descrição' })).toHaveAttribute('aria-invalid', 'true');
    await auditar(page, 'cadastrar chip com erros');
  });

  test('emulação: o aviso sobre o mapa do cliente', async () => {
    const page = admin;
    await page.goto('/admin/usuarios');
    await buscar(page, 'E-mail', cliente.email);
    await linhaMenu(page, cliente.email);
    await page.getByRole('menuitem', { name: 'Emular' }).click();
    await expect(page).toHaveURL(/\/user\/mapa$/);
    await expect(page.getByRole('button', { name: 'Sair da emulação' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible();
    await auditar(page, 'emulação: aviso sobre o mapa do cliente');
    await page.getByRole('button', { name: 'Sair da emulação' }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('telas do dono', () => {
  test('mapa GPS, com a janela do marcador aberta', async () => {
    const page = dona;
    await page.goto('/user/mapa');
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Pesquisa' })).toBeVisible();
    const marcador = page.getByRole('button', { name: 'REX' });
    await expect(marcador).toBeVisible();
    // Leaflet's own markup (tiles, pins, zoom buttons, attribution) is checked as well: it
    // passes, so nothing inside the map is excluded.
    await auditar(page, 'mapa GPS');
    await marcador.click();
    await expect(page.getByText(`Bateria: ${posicao.bateria}%`)).toBeVisible();
    await auditar(page, 'mapa GPS: janela do marcador aberta');
  });

  test('meus rastreadores: lista, cadastro e edição', async () => {
    const page = dona;
    await page.goto('/user/meus-rastreadores');
    await expect(page.getByRole('row').filter({ hasText: imei })).toBeVisible();
    await auditar(page, 'meus rastreadores');
    await linhaMenu(page, imei);
    await auditar(page, 'meus rastreadores: menu de ações da linha');
    await page.keyboard.press('Escape');

    await page.goto('/user/meus-rastreadores/cadastrar');
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
    await auditar(page, 'cadastrar meu rastreador');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveAttribute('aria-invalid', 'true');
    await auditar(page, 'cadastrar meu rastreador com erros');

    await page.goto(`/user/meus-rastreadores/editar/${meuId}`);
    await expect(page.getByRole('form', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(imei);
    await auditar(page, 'editar meu rastreador');
  });

  test('detalhe do rastreador, cada aba', async () => {
    const page = dona;
    await page.goto(`/user/rastreadores/detalhe/${meuId}`);
    await expect(page.getByRole('heading', { name: 'Rastreador', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(imei);
    // The fix and the status sent before fill the GPS and battery tables: their rows are checked too.
    const linhaEsperada: Record<string, string> = { GPS: String(posicao.latitude), Bateria: String(posicao.bateria) };
    const abas = page.getByRole('tablist', { name: 'Histórico do rastreador' }).getByRole('tab');
    await expect(abas.first()).toBeVisible();
    for (const aba of await abas.all()) {
      const nome = (await aba.textContent()) ?? '';
      await aba.click();
      await expect(aba).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      const linha = linhaEsperada[nome];
      if (linha) await expect(page.getByRole('tabpanel').getByRole('row').nth(1)).toContainText(linha);
      await auditar(page, `detalhe do rastreador, aba ${nome}`);
    }
  });

  test('notificações, minha conta, alterar senha e a tela estreita', async () => {
    const page = dona;
    await page.goto('/user/notificacoes');
    await expect(page.getByRole('table', { name: 'Notificações' })).toBeVisible();
    await auditar(page, 'notificações');

    await page.goto('/user/minha-conta');
    await expect(page.getByRole('form', { name: 'Minha conta' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(cliente.email);
    await auditar(page, 'minha conta');

    await page.goto('/auth/alterar-senha');
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await auditar(page, 'alterar senha');

    // Below 993 px the sidebar becomes a drawer opened from the top bar.
    await page.setViewportSize({ width: 600, height: 900 });
    await page.goto('/user/meus-rastreadores');
    await expect(page.getByRole('row').filter({ hasText: imei })).toBeVisible();
    await auditar(page, 'tela estreita');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await auditar(page, 'tela estreita: menu aberto');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 720 });
  });
});
