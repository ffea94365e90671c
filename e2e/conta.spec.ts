import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { esperarEmail, linkDeSenha } from './mail';
import { entrar, resolverCaptcha } from './support';

const email = `dona.ana.${Date.now()}@rastro.test`;

test.describe.configure({ mode: 'serial' });

test('cadastro → e-mail de boas-vindas no SMTP → login com ALTCHA → mapa do cliente', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Não possui uma conta? Cadastre-se' }).click();
  await expect(page.getByRole('heading', { name: 'Cadastre-se' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nome' }).fill('Ana Souza');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Celular' }).pressSequentially('11987654321');
  await expect(page.getByRole('textbox', { name: 'Celular' })).toHaveValue('(11) 9 8765-4321');
  await page.getByRole('textbox', { name: 'Senha' }).fill('senha-da-ana-1');
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  await expect(page.getByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' })).toBeVisible();
  await expect(page.getByText('Enviamos a você um e-mail com seus dados de acesso.')).toBeVisible();

  const boasVindas = await esperarEmail(email, 'Seu cadastro no Rastro foi concluído.');
  expect(boasVindas).toContain(`Usuário (e-mail): ${email}`);
  expect(boasVindas).not.toContain('senha-da-ana-1');

  await page.getByRole('link', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await entrar(page, email, 'senha-da-ana-1');
  await expect(page).toHaveURL(/\/user\/mapa$/);
  await expect(page.getByRole('banner').getByText('Mapa GPS')).toBeVisible();
});

test('esqueci a senha → link do e-mail → nova senha → login; o link usado mostra o erro', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Esqueceu sua senha?' }).click();
  await expect(page.getByRole('heading', { name: 'Esqueceu sua senha' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Verifique seu e-mail' })).toBeVisible();

  const link = linkDeSenha(await esperarEmail(email, 'redefinir a senha'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Alterar sua senha' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('nova-senha-da-ana');
  await page.getByRole('textbox', { name: 'Confirmar nova senha' }).fill('outra-coisa');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('As senhas não correspondem')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmar nova senha' }).fill('nova-senha-da-ana');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso. Volte para o login e acesse novamente.')).toBeVisible();

  await page.getByRole('link', { name: 'Retornar ao login' }).click();
  await entrar(page, email, 'nova-senha-da-ana');
  await expect(page).toHaveURL(/\/user\/mapa$/);

  // Single use: opening the same link again lands on the plain login path (spec §2), the message
  // in a snackbar once.
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 10_000 });
  await page.goto(link);
  await expect(page).toHaveURL((url) => url.pathname === '/auth/login' && url.search === '');
  await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
  const mensagem = page
    .getByText('O link de redefinição de senha expirou (ele vale 72 horas) ou já foi utilizado.', { exact: true })
    .filter({ visible: true });
  await expect(mensagem).toHaveCount(1);
  await page.waitForTimeout(1500);
  await expect(mensagem).toHaveCount(1);
});

test('login: captcha obrigatório e senha errada no campo de senha', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Senha' }).fill('senha-errada');
  await page.getByRole('button', { name: 'Fazer Login' }).click();
  await expect(page.getByText('Resolva o CAPTCHA.')).toBeVisible();

  await resolverCaptcha(page);
  await page.getByRole('button', { name: 'Fazer Login' }).click();
  await expect(page.getByText('E-mail ou senha inválidos.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('uma rota privada leva ao login e, depois dele, de volta à origem', async ({ page }) => {
  await page.goto('/admin/chips');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Senha' }).fill(E2E_ADMIN.senha);
  await resolverCaptcha(page);
  await page.getByRole('button', { name: 'Fazer Login' }).click();
  await expect(page).toHaveURL(/\/admin\/chips$/);
  await expect(page.getByRole('banner').getByText('Chips')).toBeVisible();
});
