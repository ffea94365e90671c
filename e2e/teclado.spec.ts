import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { chipPageSchema, chipSchema } from '@rastro/shared/schemas/chips';
import { meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { MSG } from '@rastro/shared/messages';
import { api, cadastrarCliente, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { esperarEmail, linkDeSenha } from './mail';
import { entrar, tokenDaPagina } from './support';
import { digitar, tabAte, tabPara } from './teclado';

/**
 * The forms work with the keyboard alone (Tab, Shift+Tab, typing, Space, Enter, arrows), and
 * what has the keyboard focus shows it. No mouse click anywhere in this file.
 */

const sufixo = String(Date.now()).slice(-6);
const chipDescricao = `CHIP TECLADO ${sufixo}`;
const imei = `35${sufixo}2222222`.slice(0, 15);
const dona = { nome: `DORA ${sufixo}`, email: `dora.teclado.${sufixo}@rastro.test`, senha: 'senha-da-dora-1' };
/** Signs up, forgets and changes her password, all by keyboard. */
const eva = { email: `eva.teclado.${sufixo}@rastro.test`, senhas: ['senha-da-eva-1', 'senha-da-eva-2', 'senha-da-eva-3'] as const };

/** The login form by keyboard: fields, the CAPTCHA with Space, the button with Enter. */
async function entrarPeloTeclado(page: Page, email: string, senha: string) {
  await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
  await digitar(page, page.getByRole('textbox', { name: 'E-mail' }), email);
  await digitar(page, page.getByRole('textbox', { name: 'Senha' }), senha);
  await tabAte(page, page.getByRole('checkbox', { name: 'Eu não sou um robô' }));
  await page.keyboard.press('Space');
  await expect(page.getByText('Verificado')).toBeVisible({ timeout: 30_000 });
  await tabAte(page, page.getByRole('button', { name: 'Fazer Login' }));
  await page.keyboard.press('Enter');
}

test.describe('formulários só com o teclado', () => {
  // One administrator login serves the three tests (the server limits logins per e-mail).
  test.describe.configure({ mode: 'serial' });

  /** The administrator logged in by the first test. */
  let contextoAdmin: BrowserContext | undefined;
  let admin: Page;

  test.afterAll(async () => {
    await contextoAdmin?.close();
  });

  test('login só com o teclado, com o CAPTCHA marcado pelo Espaço', async ({ browser }) => {
    contextoAdmin = await browser.newContext({ baseURL: E2E_URL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    admin = await contextoAdmin.newPage();
    const page = admin;
    await page.goto('/auth/login');
    const email = page.getByRole('textbox', { name: 'E-mail' });
    const senha = page.getByRole('textbox', { name: 'Senha' });
    const captcha = page.getByRole('checkbox', { name: 'Eu não sou um robô' });

    await tabAte(page, email);
    await page.keyboard.type('admin@e2e.rastro');
    await tabPara(page, senha, E2E_ADMIN.senha);
    // Back to finish the e-mail: Shift+Tab returns to the field before.
    await page.keyboard.press('Shift+Tab');
    await expect(email).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.type('.test');
    await expect(email).toHaveValue(E2E_ADMIN.email);

    await tabAte(page, captcha);
    await page.keyboard.press('Space');
    await expect(page.getByText('Verificado')).toBeVisible({ timeout: 30_000 });
    await tabAte(page, page.getByRole('button', { name: 'Fazer Login' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });

  test('chip: do menu ao cadastro só com o teclado', async () => {
    const page = admin;
    await tabAte(page, page.getByRole('navigation').getByRole('link', { name: 'Chips' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Informe os filtros.')).toBeVisible();
    await tabAte(page, page.getByRole('link', { name: 'Novo' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();

    await digitar(page, page.getByRole('textbox', { name: 'Descrição' }), chipDescricao);
    await tabPara(page, page.getByRole('textbox', { name: 'Número' }), `1196${sufixo}0`);
    await tabAte(page, page.getByRole('button', { name: 'Salvar' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Chip salvo com sucesso.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/chips/);

    const token = await tokenDaPagina(page);
    const achados = chipPageSchema.parse(await api(token, 'GET', `/api/chips?descricao=${encodeURIComponent(chipDescricao)}`));
    expect(achados.content.map((c) => [c.descricao, c.numero])).toEqual([[chipDescricao, `1196${sufixo}0`]]);
  });

  test('meu rastreador: vincular pelo formulário só com o teclado', async ({ page }) => {
    const token = await tokenDaPagina(admin);
    const chip = chipSchema.parse(
      await api(token, 'POST', '/api/chips', { descricao: `CHIP DA DORA ${sufixo}`, numero: `1195${sufixo}0` }),
    );
    await api(token, 'POST', '/api/rastreadores', { imei, protocolo: 'TOPIN', chipId: chip.id });
    await cadastrarCliente(dona.nome, dona.email, dona.senha);
    await entrar(page, dona.email, dona.senha);
    await expect(page).toHaveURL(/\/user\/mapa$/);

    await tabAte(page, page.getByRole('navigation').getByRole('link', { name: 'Meus Rastreadores' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/meus-rastreadores$/);
    // A new owner is invited to link the first tracker.
    await tabAte(page, page.getByRole('link', { name: 'Vincular rastreador' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();

    await digitar(page, page.getByRole('textbox', { name: 'IMEI' }), imei);
    // The activation code comes next; this tracker has none.
    await tabPara(page, page.getByRole('textbox', { name: 'Código de ativação' }), '');
    await tabPara(page, page.getByRole('textbox', { name: 'Descrição' }), 'Rex');
    await digitar(page, page.getByRole('textbox', { name: 'Intervalo de localização (minutos)' }), '10');
    // The select opens with Space, the arrows walk its options and Enter picks one.
    const periodo = page.getByRole('combobox', { name: 'Período da ultra economia' });
    await tabAte(page, periodo);
    await page.keyboard.press('Space');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: '1 hora', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: '2 horas', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(periodo).toHaveText('2 horas');
    await expect(periodo).toBeFocused();

    await tabAte(page, page.getByRole('button', { name: 'Salvar' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('Rastreador salvo com sucesso.')).toBeVisible();
    const linha = page.getByRole('row').filter({ hasText: imei });
    await expect(linha).toContainText('REX');
    await expect(linha).toContainText('10 minutos');

    const meus = meuRastreadorPageSchema.parse(await api(await tokenDaPagina(page), 'GET', '/api/usuarios/rastreadores'));
    expect(meus.content.map((r) => [r.imei, r.intervaloLocalizacao, r.periUltraEconBateria])).toEqual([[imei, 10, 120]]);
  });
});

test('conta nova só com o teclado: cadastro, esqueci a senha, nova senha pelo link e alterar senha', async ({ page }) => {
  // Sign-up: every field by Tab, the phone typed as digits into its mask, Enter on the button.
  await page.goto('/auth/sign-up');
  await digitar(page, page.getByRole('textbox', { name: 'Nome' }), 'Eva Teclado');
  await tabPara(page, page.getByRole('textbox', { name: 'E-mail' }), eva.email);
  await tabPara(page, page.getByRole('textbox', { name: 'Celular' }), '11987654321');
  await expect(page.getByRole('textbox', { name: 'Celular' })).toHaveValue('(11) 9 8765-4321');
  await digitar(page, page.getByRole('textbox', { name: 'Senha' }), eva.senhas[0]);
  await tabAte(page, page.getByRole('button', { name: 'Cadastrar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' })).toBeVisible();
  await tabAte(page, page.getByRole('link', { name: 'Entrar' }));
  await page.keyboard.press('Enter');

  // Forgot password: from the login's link, the e-mail submitted with Enter in its field.
  await tabAte(page, page.getByRole('link', { name: 'Esqueceu sua senha?' }));
  await page.keyboard.press('Enter');
  await digitar(page, page.getByRole('textbox', { name: 'E-mail' }), eva.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();

  // The link from the e-mail: the new password twice (its eye button, next in the Tab order,
  // shows it with Space), Enter in the last field.
  await page.goto(linkDeSenha(await esperarEmail(eva.email, 'redefinir a senha')));
  const novaSenha = page.getByRole('textbox', { name: 'Nova senha', exact: true });
  await digitar(page, novaSenha, eva.senhas[1]);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Mostrar senha' }).first()).toBeFocused();
  await page.keyboard.press('Space');
  await expect(novaSenha).toHaveAttribute('type', 'text');
  await expect(novaSenha).toHaveValue(eva.senhas[1]);
  await digitar(page, page.getByRole('textbox', { name: 'Confirmar nova senha' }), eva.senhas[1]);
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.senhaAlterada)).toBeVisible();
  await tabAte(page, page.getByRole('link', { name: 'Retornar ao login' }));
  await page.keyboard.press('Enter');

  // In with the new password, then change it on its screen.
  await entrarPeloTeclado(page, eva.email, eva.senhas[1]);
  await expect(page).toHaveURL(/\/user\/mapa$/);
  await page.goto('/auth/alterar-senha');
  await digitar(page, page.getByRole('textbox', { name: 'Senha atual' }), eva.senhas[1]);
  await digitar(page, page.getByRole('textbox', { name: 'Nova senha', exact: true }), eva.senhas[2]);
  await digitar(page, page.getByRole('textbox', { name: 'Confirmar nova senha' }), eva.senhas[2]);
  await tabAte(page, page.getByRole('button', { name: 'Salvar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(MSG.senhaAlterada)).toBeVisible();

  // The server took each step: only the last password opens the account.
  await expect(tokenDe(eva.email, eva.senhas[1])).rejects.toThrow(/login falhou: 4\d\d/);
  expect(await tokenDe(eva.email, eva.senhas[2])).toMatch(/\S{20,}/);
});

/**
 * What draws a focus ring, as it is seen: the outline (only when it is drawn), the shadow, and
 * for an outlined MUI field the border of its outline box (the input itself draws none).
 */
const indicador = (alvo: Locator) =>
  alvo.evaluate((el) => {
    const s = getComputedStyle(el);
    const contorno =
      s.outlineStyle === 'none' || parseFloat(s.outlineWidth) === 0
        ? 'sem contorno'
        : `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
    const caixa = el.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
    const borda = caixa ? `${getComputedStyle(caixa).borderTopWidth} ${getComputedStyle(caixa).borderTopColor}` : '';
    return `contorno: ${contorno}; sombra: ${s.boxShadow}; borda do campo: ${borda}`;
  });

test('o foco do teclado fica visível num campo, num botão de ícone, no CAPTCHA, num botão e num link', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.getByText('Eu não sou um robô', { exact: true })).toBeVisible();
  for (const alvo of [
    page.getByRole('textbox', { name: 'E-mail' }),
    page.getByRole('button', { name: 'Mostrar senha' }),
    page.getByRole('checkbox', { name: 'Eu não sou um robô' }),
    page.getByRole('button', { name: 'Fazer Login' }),
    page.getByRole('link', { name: 'Esqueceu sua senha?' }),
  ]) {
    const antes = await indicador(alvo);
    await tabAte(page, alvo);
    await expect.poll(() => indicador(alvo), { message: `${alvo.toString()} sem indicador de foco visível` }).not.toBe(antes);
  }
});
