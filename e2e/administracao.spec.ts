import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { entrar } from './support';

test.describe.configure({ mode: 'serial' });

const sufixo = String(Date.now()).slice(-6);
const numeroChip = `11 9 8${sufixo.slice(0, 3)}-${sufixo.slice(3)}0`.replace(/\D/g, '').slice(0, 11);
const imei = `86${sufixo}0000000`.slice(0, 15);
const usuario = { nome: `MARIA ${sufixo}`, email: `maria.${sufixo}@rastro.test`, cpf: '52998224725' };

async function acaoDaLinha(page: Page, textoDaLinha: string, acao: string) {
  const linha = page.getByRole('row').filter({ hasText: textoDaLinha });
  await linha.getByRole('button', { name: /Ações do registro/ }).click();
  await page.getByRole('menuitem', { name: acao }).click();
}

async function confirmar(page: Page, pergunta: string) {
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText(pergunta);
  await dialogo.getByRole('button', { name: 'Sim' }).click();
}

test.beforeEach(async ({ page }) => {
  await entrar(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('chip: cadastrar, buscar, inativar e ativar', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Chips' }).click();
  await expect(page.getByText('Informe os filtros.')).toBeVisible();
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/admin\/chips\/cadastrar$/);
  // The URL changes before the lazy page replaces the list: wait for the form itself.
  await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Descrição' }).fill(`chip ${sufixo}`);
  await page.getByRole('textbox', { name: 'Número' }).pressSequentially(numeroChip);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Chip salvo com sucesso.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/chips/);

  await page.getByRole('form', { name: 'Pesquisa' }).getByRole('textbox', { name: 'Descrição' }).fill(`chip ${sufixo}`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const linha = page.getByRole('row').filter({ hasText: `CHIP ${sufixo}` });
  await expect(linha).toContainText('Ativo');

  await acaoDaLinha(page, `CHIP ${sufixo}`, 'Inativar');
  await confirmar(page, 'Deseja realmente Inativar o chip');
  await expect(page.getByText('Chip Inativado com sucesso.')).toBeVisible();
  await expect(linha).toContainText('Inativo');
  await page.reload();
  await expect(linha).toContainText('Inativo');

  await acaoDaLinha(page, `CHIP ${sufixo}`, 'Ativar');
  await confirmar(page, 'Deseja realmente Ativar o chip');
  await expect(page.getByText('Chip Ativado com sucesso.')).toBeVisible();
  await expect(linha).toContainText('Ativo');
});

test('rastreador: cadastrar com o chip, inativar e ativar', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Rastreadores' }).click();
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/admin\/rastreadores\/cadastrar$/);
  await expect(page.getByRole('form', { name: 'Cadastrar' })).toBeVisible();
  await page.getByRole('textbox', { name: 'IMEI' }).fill(imei);
  await page.getByRole('combobox', { name: 'Chip' }).click();
  await page.getByRole('option', { name: new RegExp(`CHIP ${sufixo}`) }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Rastreador salvo com sucesso.')).toBeVisible();

  const linha = page.getByRole('row').filter({ hasText: imei });
  await expect(linha).toContainText('Aguardando Vínculo');
  await expect(linha).toContainText('Ligado');
  await acaoDaLinha(page, imei, 'Inativar');
  await confirmar(page, `Deseja realmente Inativar o rastreador ${imei}?`);
  await expect(page.getByText('Rastreador Inativado com sucesso.')).toBeVisible();
  await expect(linha).toContainText('Inativo');
  await acaoDaLinha(page, imei, 'Ativar');
  await confirmar(page, `Deseja realmente Ativar o rastreador ${imei}?`);
  await expect(page.getByText('Rastreador Ativado com sucesso.')).toBeVisible();
  await expect(linha).toContainText('Aguardando Vínculo');
});

test('usuário: cadastrar com busca de CEP, inativar, ativar, emular e sair da emulação', async ({ page }) => {
  await page.getByRole('navigation').getByRole('link', { name: 'Usuários' }).click();
  await page.getByRole('link', { name: 'Novo' }).click();
  await expect(page).toHaveURL(/\/admin\/usuarios\/cadastrar$/);
  await expect(page.getByRole('form', { name: 'Usuário' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome' }).fill(usuario.nome);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(usuario.email);
  await page.getByRole('textbox', { name: 'CPF' }).pressSequentially(usuario.cpf);
  await page.getByRole('textbox', { name: 'Celular' }).pressSequentially('11987654321');
  await page.getByRole('textbox', { name: 'CEP' }).pressSequentially('01310100');
  await page.getByRole('textbox', { name: 'CEP' }).blur();
  await expect(page.getByRole('textbox', { name: 'Logradouro' })).toHaveValue('AVENIDA PAULISTA');
  await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('BELA VISTA');
  await expect(page.getByRole('combobox', { name: 'Estado' })).toContainText('São Paulo');
  await expect(page.getByRole('combobox', { name: 'Cidade' })).toContainText('São Paulo');
  await page.getByRole('textbox', { name: 'Número' }).fill('1000');
  await page.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: 'Cliente' }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Usuário salvo com sucesso.')).toBeVisible();

  await page.getByRole('form', { name: 'Pesquisa' }).getByRole('textbox', { name: 'E-mail' }).fill(usuario.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const linha = page.getByRole('row').filter({ hasText: usuario.email });
  await expect(linha).toContainText('Ativo');
  await acaoDaLinha(page, usuario.email, 'Inativar');
  await confirmar(page, `Deseja realmente Inativar o usuário ${usuario.nome}?`);
  await expect(page.getByText('Usuário Inativado com sucesso.')).toBeVisible();
  await expect(linha).toContainText('Inativo');
  await acaoDaLinha(page, usuario.email, 'Ativar');
  await confirmar(page, `Deseja realmente Ativar o usuário ${usuario.nome}?`);
  await expect(page.getByText('Usuário Ativado com sucesso.')).toBeVisible();

  await acaoDaLinha(page, usuario.email, 'Emular');
  await expect(page).toHaveURL(/\/user\/mapa$/);
  await expect(page.getByText(new RegExp(usuario.nome))).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Chips' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair da emulação' }).click();
  await expect(page.getByText('Saindo da emulação, aguarde...')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Chips' })).toBeVisible();
});

test('dashboard: os totais e gráficos mostram os números dos dados', async ({ page }) => {
  const token = (await page.context().cookies()).find((c) => c.name === 'rastro_token')?.value ?? '';
  const api = async (caminho: string) =>
    (await page.request.get(caminho, { headers: { authorization: `Bearer ${token}` } })).json() as Promise<Record<string, number>>;
  const totais = await api('/api/relatorios/totalizadores');
  expect(totais.totalChips).toBeGreaterThanOrEqual(1);
  expect(totais.totalRastreadores).toBeGreaterThanOrEqual(1);
  for (const [rotulo, valor] of [
    ['Usuários', totais.totalUsuarios],
    ['Rastreadores', totais.totalRastreadores],
    ['Chips', totais.totalChips],
  ] as const) {
    await expect(page.getByRole('main').getByText(rotulo, { exact: true }).locator('..')).toContainText(String(valor));
  }
  const situacoes = await api('/api/relatorios/situacoes');
  await expect(page.getByRole('main')).toContainText('Situação dos Rastreadores');
  expect(situacoes.totalAguardandoVinculo).toBeGreaterThanOrEqual(1);
  await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
});
