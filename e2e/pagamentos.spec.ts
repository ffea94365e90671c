import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { expect, test, type Page } from '@playwright/test';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { api, apiDe, cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_PIX, E2E_URL } from './env';
import { portasLivres, subirServidor, type ServidorDoE2e } from './servidor';
import { CELULAR, COMPUTADOR, entrar, enviarPosicao } from './support';

/**
 * Subscriptions and static Pix (issue #35): an owner on a phone subscribes a pet and gets its QR
 * code and "Pix copia e cola"; an administrator on a computer finds the charge by the owner's
 * e-mail and settles it by hand; the owner's open page turns "Pago" without a reload.
 */
test.describe.configure({ timeout: 180_000 });

const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `ISA ${sufixo}`, email: `isa.pagamentos.${sufixo}@e2e.rastro.test`, senha: 'Isa#Pagar2026' };
const imei = imeiUnico();
const PLANO = `Mensal E2E ${sufixo}`;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  await api(admin, 'POST', '/api/planos', { nome: PLANO, descricao: 'Chip e rastreamento', valorCentavos: 2990, periodo: 'MENSAL' });
  await cadastrarCliente(dona.nome, dona.email, dona.senha);
  const vinculo = { imei, descricao: 'NINA', intervaloLocalizacao: 5, periUltraEconBateria: 60 };
  meuRastreadorSchema.parse(await api(await tokenDe(dona.email, dona.senha), 'POST', '/api/usuarios/rastreadores', vinculo));
});

/** Nothing on the page is wider than the screen. */
async function semRolagemLateral(page: Page) {
  const [largura, tela] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(largura).toBeLessThanOrEqual(tela);
}

test('an owner subscribes on a phone and pays by Pix; the administrator settles it by hand; the owner sees it paid, live', async ({
  browser,
}) => {
  const celular = await browser.newContext(CELULAR);
  await celular.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E_URL });
  const dono = await celular.newPage();
  const computador = await browser.newContext(COMPUTADOR);
  const adm = await computador.newPage();

  let codigo = '';
  await test.step('the owner finds Meus Pagamentos in the menu and subscribes NINA', async () => {
    await entrar(dono, dona.email, dona.senha);
    await expect(dono).toHaveURL(/\/user\/mapa$/);
    await dono.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Menu' }).tap();
    await dono.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Meus Pagamentos' }).tap();
    await expect(dono.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText('Meus Pagamentos');
    await dono.getByRole('button', { name: 'Assinar para NINA' }).tap();
    const dialogo = dono.getByRole('dialog', { name: 'Assinar para NINA' });
    await dialogo.getByRole('radio', { name: new RegExp(`^${PLANO}: R\\$\\s29,90 por mês`) }).check();
    await dialogo.getByRole('button', { name: 'Assinar e pagar' }).tap();

    const pagar = dono.getByRole('dialog', { name: 'Pagar NINA com Pix' });
    await expect(pagar.getByRole('img', { name: /QR code do Pix de R\$\s29,90 para NINA/ })).toBeVisible();
    codigo = await pagar.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue();
    // A static BR Code with the receiver's key, the amount and this charge's txid (parsed field by field in the server suite).
    expect(codigo).toMatch(/^000201/);
    expect(codigo).toContain(`br.gov.bcb.pix01${String(E2E_PIX.chave.length).padStart(2, '0')}${E2E_PIX.chave}`);
    expect(codigo).toContain('540529.90');
    await pagar.getByRole('button', { name: 'Copiar código' }).tap();
    expect(await dono.evaluate(() => navigator.clipboard.readText())).toBe(codigo);
    await expect(pagar.getByRole('status').filter({ hasText: 'Código copiado' })).toBeVisible();
    await semRolagemLateral(dono);
    await dono.screenshot({ path: test.info().outputPath('pagar-com-pix-celular.png') });
  });

  await test.step('the administrator finds the charge by the owner’s e-mail and settles it by hand', async () => {
    await entrar(adm, E2E_ADMIN.email, E2E_ADMIN.senha);
    await expect(adm).toHaveURL(/\/admin\/dashboard$/);
    await adm.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Pagamentos' }).click();
    await adm.getByRole('textbox', { name: 'Usuário (nome ou e-mail)' }).fill(dona.email);
    await adm.getByRole('button', { name: 'Buscar' }).click();
    await expect(adm).toHaveURL(/usuario=/);
    const tabela = adm.getByRole('table', { name: 'Cobranças' });
    const linha = tabela.getByRole('row').filter({ hasText: 'NINA' });
    await expect(linha).toHaveCount(1);
    await expect(linha).toContainText('R$ 29,90');
    await adm.screenshot({ path: test.info().outputPath('pagamentos-admin-computador.png') });
    await linha
      .getByRole('button', { name: /Ações|Dar baixa/ })
      .first()
      .click();
    const baixa = adm.getByRole('menuitem', { name: 'Dar baixa' });
    if (await baixa.isVisible()) await baixa.click();
    const dialogo = adm.getByRole('dialog', { name: /Dar baixa/ });
    await dialogo.getByRole('textbox', { name: /Observação/ }).fill('Conferido no extrato do banco');
    await dialogo.getByRole('button', { name: /Dar baixa|Confirmar/ }).click();
    await expect(linha).toContainText('Pago');
  });

  await test.step('the owner’s open page says it is paid, without a reload', async () => {
    const pagar = dono.getByRole('dialog', { name: 'Pagar NINA com Pix' });
    await expect(pagar.getByText(/^Pagamento confirmado em \d\d\/\d\d\/\d{4}/)).toBeVisible();
    await pagar.getByRole('button', { name: 'Fechar' }).tap();
    await expect(dono.getByRole('list', { name: 'Assinaturas' }).getByRole('listitem').filter({ hasText: 'NINA' })).toContainText(
      'Pago até',
    );
    await expect(dono.getByRole('list', { name: 'Cobranças' })).toContainText('Pago');
    await semRolagemLateral(dono);
    await dono.screenshot({ path: test.info().outputPath('meus-pagamentos-celular.png'), fullPage: true });
  });

  await test.step('the same page on a computer', async () => {
    // A context of its own: the administrator's session stays in the other one.
    const outra = await (await browser.newContext(COMPUTADOR)).newPage();
    await entrar(outra, dona.email, dona.senha);
    // The login lands first: a navigation while it is in flight cancels it (it failed so on a loaded machine).
    await expect(outra).toHaveURL(/\/user\/mapa$/);
    await outra.goto('/user/meus-pagamentos');
    await expect(outra.getByRole('table', { name: 'Cobranças' }).getByRole('row').filter({ hasText: 'NINA' })).toContainText('Pago');
    await semRolagemLateral(outra);
    await outra.screenshot({ path: test.info().outputPath('meus-pagamentos-computador.png'), fullPage: true });
    await outra.context().close();
  });

  await celular.close();
  await computador.close();
});

/**
 * A pet suspended after the grace days, on a server of this journey's own: its charge is moved ten
 * days into the past while the server is stopped (the only way to age a charge from outside), and
 * the billing round suspends it at the next start. The map then says why the pet is missing and how
 * to pay, and the pet's SOS still reaches its owner.
 */
test('a suspended pet’s map says "Assinatura vencida", and its SOS still notifies', async ({ browser }) => {
  const porta = await portasLivres();
  const url = `http://localhost:${porta}`;
  const dados = mkdtempSync(path.join(tmpdir(), 'rastro-e2e-suspensao-'));
  const env = {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.senha,
    PIX_CHAVE: E2E_PIX.chave,
    PIX_RECEBEDOR_NOME: E2E_PIX.nome,
    PIX_RECEBEDOR_CIDADE: E2E_PIX.cidade,
    PAGAMENTOS_RONDA_MS: '500',
    MAP_TILE_URL: process.env.E2E_TILES_URL ?? 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    LOGIN_LIMIT_IP: '100000',
  };
  let servidor: ServidorDoE2e | undefined = await subirServidor(porta, env, dados);
  try {
    const remoto = apiDe(url);
    const admin = await remoto.tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
    const imeiDoPet = imeiUnico();
    await remoto.registrarRastreador(admin, imeiDoPet);
    const plano = await remoto.api<{ id: number }>(admin, 'POST', '/api/planos', {
      nome: 'Mensal',
      valorCentavos: 1990,
      periodo: 'MENSAL',
      diasCarencia: 3,
    });
    await remoto.cadastrarCliente(dona.nome, dona.email, dona.senha);
    const token = await remoto.tokenDe(dona.email, dona.senha);
    const vinculo = meuRastreadorSchema.parse(
      await remoto.api(token, 'POST', '/api/usuarios/rastreadores', {
        imei: imeiDoPet,
        descricao: 'TOBIAS',
        intervaloLocalizacao: 5,
        periUltraEconBateria: 60,
      }),
    );
    await remoto.api(token, 'POST', '/api/usuarios/assinaturas', { usuarioRastreadorId: vinculo.id, planoId: plano.id, forma: 'PIX' });
    await enviarPosicao(imeiDoPet, { latitude: -23.5614, longitude: -46.6559, bateria: 70 }, undefined, porta + 1);

    await servidor.parar();
    servidor = undefined;
    const db = new PGlite({ dataDir: path.join(dados, 'pglite') });
    await db.query(`update cobrancas set vencimento = vencimento - 10 where situacao = 'PENDENTE'`);
    await db.close();
    servidor = await subirServidor(porta, env, dados);
    await expect
      .poll(async () => (await remoto.api<{ situacao: string }[]>(token, 'GET', '/api/usuarios/assinaturas')).map((a) => a.situacao), {
        timeout: 20_000,
      })
      .toEqual(['SUSPENSA']);

    for (const opcoes of [COMPUTADOR, CELULAR]) {
      const contexto = await browser.newContext({ ...opcoes, baseURL: url });
      const page = await contexto.newPage();
      await entrar(page, dona.email, dona.senha);
      await expect(page).toHaveURL(/\/user\/mapa$/);
      const aviso = page.getByRole('status').filter({ hasText: 'Assinatura vencida — regularize em Meus Pagamentos' });
      await expect(aviso).toBeVisible();
      await expect(aviso).toContainText('TOBIAS não aparece no mapa até o pagamento');
      await expect(page.getByRole('region', { name: 'Mapa' }).locator('.leaflet-marker-icon[title="TOBIAS"]')).toHaveCount(0);
      await semRolagemLateral(page);
      await page.screenshot({ path: test.info().outputPath(`suspenso-${opcoes === CELULAR ? 'celular' : 'computador'}.png`) });
      if (opcoes === COMPUTADOR) {
        // The pet's SOS still reaches its owner, live.
        await enviarPosicao(imeiDoPet, { latitude: -23.5614, longitude: -46.6559, bateria: 69 }, 'sos', porta + 1);
        // (Besides the reminder that the charge was due: the list shows it live.)
        await expect(page.getByRole('link', { name: /Notificações, \d+ não lidas?/ })).toBeVisible();
        await page.getByRole('link', { name: /Notificações/ }).click();
        await expect(page.getByRole('table', { name: 'Notificações' })).toContainText('Alerta de SOS do rastreador TOBIAS.');
        await page.getByRole('link', { name: 'Meus Pagamentos' }).click();
        await expect(page.getByRole('table', { name: 'Cobranças' })).toContainText('Vencido');
      }
      await contexto.close();
    }
  } finally {
    await servidor?.parar();
    rmSync(dados, { recursive: true, force: true });
  }
});
