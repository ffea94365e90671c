import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { MSG } from '@rastro/shared/messages';
import { chipSchema } from '@rastro/shared/schemas/chips';
import { cidadesSelectSchema, estadosSelectSchema } from '@rastro/shared/schemas/lookups';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { rastreadorAdminPageSchema } from '@rastro/shared/schemas/rastreadores';
import { usuarioDetalheSchema, usuarioPageSchema } from '@rastro/shared/schemas/usuarios';
import { cpfValido } from '@rastro/testes/cpf';
import { api, cadastrarCliente, imeiUnico, registrarRastreador } from './api';
import { E2E_ADMIN } from './env';
import { enviarPosicao, logado, tokenDaPagina } from './support';
import { digitar, digitarMascarado, focado, tabAte, tabPara } from './teclado';

/**
 * The logged-in forms work with the keyboard alone: the administrator's user and tracker forms,
 * the list searches with their row menus, the owner's account and the map's filters. Each one is
 * filled, chosen and submitted by keys (Tab, Shift+Tab, typing, Space, Enter, arrows), and the
 * server is asked what it stored. No mouse click anywhere in this file.
 */

const sufixo = String(Date.now()).slice(-6);

const soDigitos = (v: string | null) => (v ?? '').replace(/\D/g, '');

/** Registered by the administrator in the user form. */
const nina = { nome: `NINA TECLADO ${sufixo}`, email: `nina.teclado.${sufixo}@rastro.test`, cpf: cpfValido(`1${sufixo}01`) };
/** The owner: her account and her map. */
const dona = { nome: `LIA ${sufixo}`, email: `lia.teclado.${sufixo}@rastro.test`, senha: 'senha-da-lia-1', cpf: cpfValido(`2${sufixo}02`) };
/** A free chip for the tracker form, and the IMEI typed there (17 digits: protocol OUTRO). */
const chipDescricao = `CHIP TECLADO ADM ${sufixo}`;
const imeiNovo = `77${sufixo}123456789`;
/** The owner's tracker (TOPIN, so it can report positions). */
const imeiDona = imeiUnico();

const contextos: BrowserContext[] = [];
let admin: Page;
let donaPage: Page;
let donaId: number;

test.beforeAll(async ({ browser }) => {
  donaId = (await cadastrarCliente(dona.nome, dona.email, dona.senha)).id;
  admin = await logado(browser, E2E_ADMIN.email, E2E_ADMIN.senha);
  contextos.push(admin.context());
  const tokenAdmin = await tokenDaPagina(admin);
  chipSchema.parse(await api(tokenAdmin, 'POST', '/api/chips', { descricao: chipDescricao, numero: `1193${sufixo}0` }));
  await registrarRastreador(tokenAdmin, imeiDona);

  donaPage = await logado(browser, dona.email, dona.senha);
  contextos.push(donaPage.context());
  const vinculo = { imei: imeiDona, descricao: 'REX', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuRastreadorSchema.parse(await api(await tokenDaPagina(donaPage), 'POST', '/api/usuarios/rastreadores', vinculo));
  // Two fixes, so the history has a route with a start and an end.
  await enviarPosicao(imeiDona, { latitude: -23.5614, longitude: -46.6559, bateria: 80 });
  await enviarPosicao(imeiDona, { latitude: -23.5631, longitude: -46.6543, bateria: 79 });
});

test.afterAll(async () => {
  for (const c of contextos) await c.close();
});

/**
 * What has the keyboard focus shows it: the theme's focus ring (an outline) on buttons, links,
 * menu items and options, or the thicker border an outlined field draws around a focused input
 * or select.
 */
async function focoVisivel(alvo: Locator) {
  await expect(alvo).toBeFocused();
  const visivel = () =>
    alvo.evaluate((el) => {
      const s = getComputedStyle(el);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) return true;
      const caixa = el.closest('.MuiOutlinedInput-root')?.querySelector('.MuiOutlinedInput-notchedOutline');
      return caixa ? parseFloat(getComputedStyle(caixa).borderTopWidth) >= 2 : false;
    });
  await expect.poll(visivel, { message: `${alvo.toString()} tem o foco sem mostrá-lo` }).toBe(true);
}

/**
 * Picks `opcao` in a select by keys: Tab to it, Space opens its list, the arrows (or, with
 * `digitando`, the first letters typed) walk to the option, which shows its focus, and Enter
 * picks it; the list closes and the focus is back on the select.
 */
async function escolher(page: Page, campo: Locator, opcao: string, { digitando = '', exata = true } = {}) {
  await tabAte(page, campo);
  await focoVisivel(campo);
  await page.keyboard.press('Space');
  const lista = page.getByRole('listbox');
  await expect(lista).toBeVisible();
  await expect
    .poll(() => lista.evaluate((el) => el.contains(document.activeElement)), { message: 'a lista aberta não recebeu o foco' })
    .toBe(true);
  const alvo = lista.getByRole('option', { name: opcao, exact: exata });
  if (digitando) await page.keyboard.type(digitando);
  else for (let i = 0; i < 100 && !(await focado(alvo)); i++) await page.keyboard.press('ArrowDown');
  await focoVisivel(alvo);
  await page.keyboard.press('Enter');
  await expect(lista).toBeHidden();
  if (exata) await expect(campo).toHaveText(opcao);
  else await expect(campo).toContainText(opcao);
  await expect(campo).toBeFocused();
}

/** A date as the forms show it (DD/MM/AAAA), in São Paulo, `dias` days from today. */
function dataSP(dias = 0): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(Date.now() + dias * 86_400_000),
  );
}

test.describe('cadastros do administrador só com o teclado', () => {
  test('usuário: dados pessoais, selects, CEP e perfil, salvo só com o teclado', async () => {
    const page = admin;
    await page.goto('/admin/usuarios');
    await expect(page.getByRole('form', { name: 'Pesquisa' })).toBeVisible();
    const novo = page.getByRole('link', { name: 'Novo' });
    await tabAte(page, novo);
    await focoVisivel(novo);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/usuarios\/cadastrar$/);
    const form = page.getByRole('form', { name: 'Usuário' });
    await expect(form).toBeVisible();

    // Tab walks the fields in the order they are read.
    await digitar(page, form.getByRole('textbox', { name: 'Nome' }), nina.nome.toLowerCase());
    await tabPara(page, form.getByRole('textbox', { name: 'E-mail' }), nina.email);
    await tabPara(page, form.getByRole('textbox', { name: 'CPF' }), nina.cpf);
    await tabPara(page, form.getByRole('textbox', { name: 'Data de Nascimento' }), '15031990');
    await expect(form.getByRole('textbox', { name: 'Data de Nascimento' })).toHaveValue('15/03/1990');
    await expect(form.getByRole('textbox', { name: 'Nome' })).toHaveValue(nina.nome);

    await escolher(page, form.getByRole('combobox', { name: 'Sexo' }), 'Feminino');
    await tabPara(page, form.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await expect(form.getByRole('textbox', { name: 'Celular' })).toHaveValue('(11) 9 8765-4321');

    // Leaving the CEP by Tab looks the address up.
    await digitar(page, form.getByRole('textbox', { name: 'CEP' }), '01310100');
    await page.keyboard.press('Tab');
    await expect(form.getByRole('combobox', { name: 'Estado' })).toHaveText('São Paulo (SP)');
    await expect(form.getByRole('combobox', { name: 'Cidade' })).toHaveText('São Paulo');
    await expect(form.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('AVENIDA PAULISTA');
    await digitar(page, form.getByRole('textbox', { name: 'Número' }), '1578');

    await escolher(page, form.getByRole('combobox', { name: 'Perfil' }), 'Cliente');
    const salvar = form.getByRole('button', { name: 'Salvar' });
    await tabAte(page, salvar);
    await focoVisivel(salvar);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MSG.usuarioSalvo)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/usuarios(\?|$)/);

    const token = await tokenDaPagina(page);
    const achados = usuarioPageSchema.parse(await api(token, 'GET', `/api/usuarios?email=${encodeURIComponent(nina.email)}`));
    expect(achados.content.map((u) => [u.nome, u.email])).toEqual([[nina.nome, nina.email]]);
    const u = usuarioDetalheSchema.parse(await api(token, 'GET', `/api/usuarios/${achados.content[0]?.id ?? 0}`));
    expect({
      cpf: soDigitos(u.cpf),
      dataNascimento: u.dataNascimento,
      sexo: u.sexo,
      celular: soDigitos(u.telefoneCelular),
      cep: soDigitos(u.cep),
      uf: u.uf,
      logradouro: u.logradouro,
      numero: u.numero,
      nivel: u.nivelNome,
    }).toEqual({
      cpf: nina.cpf,
      dataNascimento: '1990-03-15',
      sexo: 'FEMININO',
      celular: '11987654321',
      cep: '01310100',
      uf: 'SP',
      logradouro: 'AVENIDA PAULISTA',
      numero: '1578',
      nivel: 'Cliente',
    });
  });

  test('rastreador: IMEI, protocolo e chip escolhidos só com o teclado', async () => {
    const page = admin;
    await page.goto('/admin/rastreadores');
    await expect(page.getByRole('form', { name: 'Pesquisa' })).toBeVisible();
    await tabAte(page, page.getByRole('link', { name: 'Novo' }));
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Cadastrar' });
    await expect(form).toBeVisible();

    await digitar(page, form.getByRole('textbox', { name: 'IMEI' }), imeiNovo);
    await page.keyboard.press('Tab');
    const protocolo = form.getByRole('combobox', { name: 'Protocolo' });
    await expect(protocolo).toBeFocused();
    await expect(protocolo).toHaveText('TOPIN');
    await escolher(page, protocolo, 'OUTRO');
    // The chip list: the arrows walk it until the free chip made for this run.
    const chip = form.getByRole('combobox', { name: 'Chip' });
    await expect(chip).toBeEnabled();
    await escolher(page, chip, chipDescricao, { exata: false });

    await tabAte(page, form.getByRole('button', { name: 'Salvar' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(MSG.rastreadorSalvo)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/rastreadores(\?|$)/);

    const token = await tokenDaPagina(page);
    const achados = rastreadorAdminPageSchema.parse(await api(token, 'GET', `/api/rastreadores?imei=${imeiNovo}`));
    expect(achados.content.map((r) => [r.imei, r.protocolo, soDigitos(r.chipNumero)])).toEqual([[imeiNovo, 'OUTRO', `1193${sufixo}0`]]);
  });

  test('pesquisa: Enter busca, e o menu da linha abre a edição, só com o teclado', async () => {
    const page = admin;

    // Trackers by IMEI: Enter in the field submits the search.
    await page.goto('/admin/rastreadores');
    const pesquisa = page.getByRole('form', { name: 'Pesquisa' });
    await expect(pesquisa).toBeVisible();
    await digitar(page, pesquisa.getByRole('textbox', { name: 'IMEI' }), imeiDona);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`imei=${imeiDona}`));
    const tabela = page.getByRole('table', { name: 'Rastreadores' });
    await expect(tabela.getByRole('row').filter({ hasText: imeiDona })).toBeVisible();
    await expect(tabela.getByRole('row')).toHaveCount(2);

    // The row's menu opens with Enter on its button; its first action has the focus.
    const acoes = tabela
      .getByRole('row')
      .filter({ hasText: imeiDona })
      .getByRole('button', { name: /Ações do registro/ });
    await tabAte(page, acoes);
    await focoVisivel(acoes);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await focoVisivel(menu.getByRole('menuitem', { name: 'Editar' }));
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(acoes).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/rastreadores\/editar\/\d+$/);
    await expect(page.getByRole('form', { name: 'Editar' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(imeiDona);

    // Users by e-mail, then Editar, then Voltar: back to the search made.
    await page.goto('/admin/usuarios');
    const pesquisaUsuarios = page.getByRole('form', { name: 'Pesquisa' });
    await expect(pesquisaUsuarios).toBeVisible();
    await digitar(page, pesquisaUsuarios.getByRole('textbox', { name: 'E-mail' }), dona.email);
    await page.keyboard.press('Enter');
    const linha = page.getByRole('row').filter({ hasText: dona.email });
    await expect(linha).toBeVisible();
    await expect(linha).toContainText(dona.nome);
    await tabAte(page, linha.getByRole('button', { name: /Ações do registro/ }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/usuarios\/editar\/\d+$/);
    await expect(page.getByRole('form', { name: 'Usuário' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(dona.email);
    await tabAte(page, page.getByRole('link', { name: 'Voltar' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/usuarios\?.*email=/);
    await expect(page.getByRole('row').filter({ hasText: dona.email })).toBeVisible();
  });
});

test.describe('telas do dono só com o teclado', () => {
  test('minha conta: CPF, sexo, telefone, CEP e cidade, atualizados só com o teclado', async () => {
    const page = donaPage;
    await page.goto('/user/mapa');
    await tabAte(page, page.getByRole('navigation').getByRole('link', { name: 'Minha Conta' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/user\/minha-conta$/);
    const form = page.getByRole('form', { name: 'Minha conta' });
    await expect(form).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'E-mail' })).toHaveValue(dona.email);
    await expect(form.getByRole('textbox', { name: 'Nome' })).toBeDisabled();

    await digitar(page, form.getByRole('textbox', { name: 'CPF' }), dona.cpf);
    await focoVisivel(form.getByRole('textbox', { name: 'CPF' }));
    await tabPara(page, form.getByRole('textbox', { name: 'RG' }), 'mg1234567');
    await expect(form.getByRole('textbox', { name: 'RG' })).toHaveValue('MG1234567');
    await escolher(page, form.getByRole('combobox', { name: 'Sexo' }), 'Prefiro não informar');
    await digitarMascarado(page, form.getByRole('textbox', { name: 'Telefone Residencial' }), '(21) 3333-4444');

    // The CEP fills the address when Tab leaves it; then another city of that state is picked by
    // typing its first letters in the open list.
    await digitar(page, form.getByRole('textbox', { name: 'CEP' }), '20040002');
    await page.keyboard.press('Tab');
    const estado = form.getByRole('combobox', { name: 'Estado' });
    const cidade = form.getByRole('combobox', { name: 'Cidade' });
    await expect(estado).toHaveText('Rio de Janeiro (RJ)');
    await expect(cidade).toHaveText('Rio de Janeiro');
    await expect(form.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('RUA DA ASSEMBLEIA');
    await expect(form.getByRole('textbox', { name: 'Bairro' })).toHaveValue('CENTRO');
    await escolher(page, cidade, 'Niterói', { digitando: 'nit' });
    await digitar(page, form.getByRole('textbox', { name: 'Número' }), '10');
    await tabPara(page, form.getByRole('textbox', { name: 'Complemento' }), 'sala 5');
    await digitar(page, form.getByRole('textbox', { name: 'Referência' }), 'perto da praça');

    const atualizar = form.getByRole('button', { name: 'Atualizar' });
    await tabAte(page, atualizar);
    await focoVisivel(atualizar);
    await page.keyboard.press('Enter');
    await expect(page.getByText(MSG.dadosAtualizados)).toBeVisible();
    // Saved, the CPF can no longer change.
    await expect(form.getByRole('textbox', { name: 'CPF' })).toBeDisabled();

    const token = await tokenDaPagina(page);
    const estados = estadosSelectSchema.parse(await api(token, 'GET', '/api/estados/select'));
    const rj = estados.find((e) => e.uf === 'RJ');
    const cidades = cidadesSelectSchema.parse(await api(token, 'GET', `/api/cidades/select/${rj?.id ?? 0}`));
    const u = usuarioDetalheSchema.parse(await api(token, 'GET', `/users/${donaId}`));
    expect({
      cpf: soDigitos(u.cpf),
      rg: u.rg,
      sexo: u.sexo,
      residencial: soDigitos(u.telefoneResidencial),
      cep: soDigitos(u.cep),
      estadoId: u.estadoId,
      cidadeId: u.cidadeId,
      logradouro: u.logradouro,
      numero: u.numero,
      complemento: u.complemento,
      bairro: u.bairro,
      referencia: u.referencia,
    }).toEqual({
      cpf: dona.cpf,
      rg: 'MG1234567',
      sexo: 'PREFIRO_NAO_INFORMAR',
      residencial: '2133334444',
      cep: '20040002',
      estadoId: rj?.id,
      cidadeId: cidades.find((c) => c.nome === 'Niterói')?.id,
      logradouro: 'RUA DA ASSEMBLEIA',
      numero: '10',
      complemento: 'SALA 5',
      bairro: 'CENTRO',
      referencia: 'PERTO DA PRAÇA',
    });
  });

  test('mapa: histórico de um rastreador num período digitado, buscado só com o teclado', async () => {
    const page = donaPage;
    await page.goto('/user/mapa');
    const pesquisa = page.getByRole('form', { name: 'Pesquisa' });
    await expect(pesquisa).toBeVisible();
    await expect(page.getByRole('button', { name: 'REX' })).toBeVisible();

    await escolher(page, pesquisa.getByRole('combobox', { name: 'Tipo de Visualização' }), 'Histórico de localizações');
    await page.keyboard.press('Tab');
    const rastreador = pesquisa.getByRole('combobox', { name: 'Rastreador' });
    await expect(rastreador).toBeFocused();
    await expect(rastreador).toHaveText('Selecione');
    await escolher(page, rastreador, 'REX');

    // A period with no position: Enter in the last field searches.
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Data Inicial' }), dataSP(-6));
    await page.keyboard.press('Tab');
    await expect(pesquisa.getByRole('textbox', { name: 'Hora Inicial' })).toBeFocused();
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Hora Inicial' }), '00:00');
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Data Final' }), dataSP(-5));
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Hora Final' }), '23:59');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: MSG.nenhumaLocalizacaoNoPeriodo })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Início do trajeto' })).toHaveCount(0);

    // Back with Shift+Tab to the start of the period; yesterday to today holds the two fixes.
    await tabAte(page, pesquisa.getByRole('textbox', { name: 'Data Inicial' }), { voltar: true });
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Data Inicial' }), dataSP(-1));
    await digitarMascarado(page, pesquisa.getByRole('textbox', { name: 'Data Final' }), dataSP());
    const buscar = pesquisa.getByRole('button', { name: 'Buscar' });
    await tabAte(page, buscar);
    await focoVisivel(buscar);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Início do trajeto' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fim do trajeto' })).toBeVisible();
    await expect(page.getByText(MSG.nenhumaLocalizacaoNoPeriodo)).toBeHidden();
    await expect(pesquisa.getByRole('button', { name: 'Exportar' })).toBeEnabled();
  });
});
