import { expect, test } from '@playwright/test';
import { MSG } from '@rastro/shared/messages';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_URL } from './env';
import { esperarEmail } from './mail';
import { entrar, enviarPosicao, resolverCaptcha } from './support';

/**
 * Family sharing (issue #20): the owner invites by e-mail; the guardian signs up through the
 * e-mailed link and sees the pet on the map, but not its settings; the owner removes them and the
 * pet leaves the guardian's open map without a reload.
 */
test.describe.configure({ timeout: 150_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `ANA ${sufixo}`, email: `ana.familia.${sufixo}@e2e.rastro.test`, senha: 'Ana#Familia2026' };
const guardiao = { nome: 'Gil Souza', email: `gil.familia.${sufixo}@e2e.rastro.test`, senha: 'Gil#Familia2026' };
const imei = imeiUnico();
let vinculo = 0;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  const m = meuRastreadorSchema.parse(
    await api(await tokenDe(dona.email, dona.senha), 'POST', '/api/usuarios/rastreadores', {
      imei,
      descricao: 'THOR',
      intervaloLocalizacao: 5,
      periUltraEconBateria: 60,
    }),
  );
  vinculo = m.id;
  await enviarPosicao(imei, { latitude: -23.5614, longitude: -46.6559, bateria: 76 });
});

test('the owner invites, the guardian signs up through the link and follows the pet, then is removed live', async ({ page, browser }) => {
  await entrar(page, dona.email, dona.senha);
  await expect(page).toHaveURL(/\/user\/mapa$/);

  await test.step('the owner invites by e-mail from the tracker’s detail', async () => {
    await page.goto(`/user/rastreadores/detalhe/${vinculo}`);
    const secaoGuardioes = page.getByRole('region', { name: 'Família' });
    await secaoGuardioes.getByRole('textbox', { name: /^E-mail de quem vai acompanhar/ }).fill(guardiao.email);
    await secaoGuardioes.getByRole('button', { name: 'Convidar' }).click();
    await expect(secaoGuardioes.getByRole('listitem').filter({ hasText: guardiao.email })).toContainText(/Pendente até/);
  });

  const contexto = await browser.newContext({ baseURL: E2E_URL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const g = await contexto.newPage();
    await test.step('the guardian opens the e-mailed link and signs up through it', async () => {
      const corpo = await esperarEmail(guardiao.email, '/convite/');
      const link = /(https?:\/\/\S+\/convite\/[A-Za-z0-9_-]{43})/.exec(corpo)?.[1];
      if (!link) throw new Error('link do convite ausente');
      expect(corpo).toContain('THOR');
      await g.goto(link);
      await g.getByRole('link', { name: 'Criar conta' }).click();
      await expect(g.getByRole('heading', { name: 'Cadastre-se' })).toBeVisible();
      await g.getByRole('textbox', { name: 'Nome' }).fill(guardiao.nome);
      await g.getByRole('textbox', { name: 'E-mail' }).fill(guardiao.email);
      await g.getByRole('textbox', { name: 'Celular' }).pressSequentially('11987654321');
      await g.getByRole('textbox', { name: 'Senha' }).fill(guardiao.senha);
      await g.getByRole('button', { name: 'Cadastrar' }).click();
      await expect(g.getByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' })).toBeVisible();
      // The invite is used up.
      const ja = await fetch(`${link.replace('/convite/', '/api/convites/')}/aceitar`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await tokenDe(dona.email, dona.senha)}` },
      });
      expect(ja.status).toBe(410);
    });

    await test.step('the guardian sees the pet on the map, shared by the owner, and not its settings', async () => {
      await g.goto('/auth/login');
      await g.getByRole('textbox', { name: 'E-mail' }).fill(guardiao.email);
      await g.getByRole('textbox', { name: 'Senha' }).fill(guardiao.senha);
      await resolverCaptcha(g);
      await g.getByRole('button', { name: 'Fazer Login' }).click();
      await expect(g).toHaveURL(/\/user\/mapa$/);
      await expect(g.getByRole('region', { name: 'Mapa' }).locator('.leaflet-marker-icon[title="THOR"]')).toBeVisible();
      await g.getByRole('link', { name: 'Meus Rastreadores' }).click();
      const linha = g.getByRole('row').filter({ hasText: 'THOR' });
      await expect(linha).toContainText(`Compartilhado por ${dona.nome}`);
      await linha.getByRole('button', { name: /^Ações/ }).click();
      const menu = g.getByRole('menu');
      await expect(menu.getByRole('menuitem', { name: 'Detalhe' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'Editar' })).toHaveCount(0);
      await g.keyboard.press('Escape');
      await g.goto(`/user/meus-rastreadores/editar/${vinculo}`);
      await expect(g.getByText(MSG.apenasDonoPode)).toBeVisible();
      await expect(g.getByRole('form', { name: 'Editar' })).toHaveCount(0);
      await g.goto('/user/mapa');
      await expect(g.getByRole('region', { name: 'Mapa' }).locator('.leaflet-marker-icon[title="THOR"]')).toBeVisible();
    });

    await test.step('the owner removes the guardian: the pet leaves the guardian’s open map', async () => {
      await page.reload();
      const secaoGuardioes = page.getByRole('region', { name: 'Família' });
      await secaoGuardioes.getByRole('button', { name: /^Remover / }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
      await expect(secaoGuardioes.getByText('Ninguém convidado ainda.')).toBeVisible();
      await expect(g.getByRole('region', { name: 'Mapa' }).locator('.leaflet-marker-icon[title="THOR"]')).toHaveCount(0, {
        timeout: 10_000,
      });
    });
  } finally {
    await contexto.close();
  }
});
