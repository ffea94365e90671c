import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { gerarCertificados } from '@rastro/psp-pix/certificados';
import { iniciarPspPix, type PspPix } from '@rastro/psp-pix/psp';
import { envDoRastro } from '@rastro/psp-pix/rastro';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiDe, imeiUnico } from './api';
import { E2E_ADMIN, E2E_PIX } from './env';
import { portasLivres, subirServidor, type ServidorDoE2e } from './servidor';
import { CELULAR, COMPUTADOR, entrar } from './support';

/**
 * Payments with a PSP (issue #35), on a server of this journey's own talking to the stand-in PSP of
 * tools/psp-pix over mutual TLS. On a phone, an owner subscribes a pet with Pix Automático: the
 * first charge's QR code comes from the PSP, the PSP is paid and the open page turns "Pago" by
 * itself; the owner authorises in the bank app and the card says so, live. A month later (the
 * server restarted with a lead time that reaches the next period) the next charge is a scheduled
 * debit, and the debit turns it "Pago" live. On a computer, a pet paid by Pix each period.
 */
test.describe.configure({ timeout: 240_000 });

const SEGREDO = 'segredo-do-webhook-do-e2e-0123456789abcdef';
const sufixo = String(Date.now()).slice(-6);
const dona = { nome: `LIA ${sufixo}`, email: `lia.psp.${sufixo}@e2e.rastro.test`, senha: 'Lia#Pagar2026' };

async function semRolagemLateral(page: Page) {
  const [largura, tela] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(largura).toBeLessThanOrEqual(tela);
}

interface Cobranca {
  assinaturaId: number;
  txid: string;
  situacao: string;
  debitoAutomatico: boolean;
  pet: string;
  vencimento: string;
}

test('with a PSP: Pix Automático on a phone (first charge by QR code, then a scheduled debit) and Pix on a computer, each paid live', async ({
  browser,
}) => {
  const certificados = gerarCertificados();
  const psp: PspPix = await iniciarPspPix({ certificados });
  const porta = await portasLivres();
  const url = `http://localhost:${porta}`;
  const dados = mkdtempSync(path.join(tmpdir(), 'rastro-e2e-psp-'));
  const env = {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.senha,
    PIX_CHAVE: E2E_PIX.chave,
    PIX_RECEBEDOR_NOME: E2E_PIX.nome,
    PIX_RECEBEDOR_CIDADE: E2E_PIX.cidade,
    ...envDoRastro(psp, certificados, dados),
    PIX_WEBHOOK_URL: `http://127.0.0.1:${porta}/api/pix/webhook/${SEGREDO}`,
    PIX_WEBHOOK_SEGREDO: SEGREDO,
    PIX_RECEBEDOR_CONTA: '123456',
    PIX_RECEBEDOR_AGENCIA: '0001',
    PAGAMENTOS_RONDA_MS: '500',
    MAP_TILE_URL: process.env.E2E_TILES_URL ?? 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    LOGIN_LIMIT_IP: '100000',
  };
  let servidor: ServidorDoE2e | undefined = await subirServidor(porta, env, path.join(dados, 'servidor'));
  try {
    const remoto = apiDe(url);
    const admin = await remoto.tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
    await remoto.api(admin, 'POST', '/api/planos', {
      nome: 'Mensal',
      descricao: 'Chip e rastreamento',
      valorCentavos: 2990,
      periodo: 'MENSAL',
    });
    const { id: donaId } = await remoto.cadastrarCliente(dona.nome, dona.email, dona.senha);
    const token = await remoto.tokenDe(dona.email, dona.senha);
    // The owner's CPF, as "Minha conta" keeps it: Pix Automático asks the bank in the payer's name.
    await remoto.api(token, 'POST', '/users', { id: donaId, cpf: '529.982.247-25', telefoneCelular: '(11) 9 8888-7777' });
    for (const descricao of ['NINA', 'BOLT']) {
      const imei = imeiUnico();
      await remoto.registrarRastreador(admin, imei);
      meuRastreadorSchema.parse(
        await remoto.api(token, 'POST', '/api/usuarios/rastreadores', {
          imei,
          descricao,
          intervaloLocalizacao: 5,
          periUltraEconBateria: 60,
        }),
      );
    }
    const cobrancas = () => remoto.api<{ content: Cobranca[] }>(token, 'GET', '/api/usuarios/pagamentos?size=50').then((r) => r.content);

    const celular = await browser.newContext({ ...CELULAR, baseURL: url });
    const dono = await celular.newPage();
    await test.step('on a phone, the owner subscribes NINA with Pix Automático, giving the bank account', async () => {
      await entrar(dono, dona.email, dona.senha);
      await expect(dono).toHaveURL(/\/user\/mapa$/);
      await dono.goto('/user/meus-pagamentos');
      await dono.getByRole('button', { name: 'Assinar para NINA' }).tap();
      const dialogo = dono.getByRole('dialog', { name: 'Assinar para NINA' });
      await dialogo.getByRole('radio', { name: /^Pix Automático/ }).check();
      await dialogo.getByRole('combobox', { name: 'Banco' }).tap();
      await dono.getByRole('option', { name: 'Nubank' }).tap();
      await dialogo.getByRole('textbox', { name: /^Agência/ }).fill('0001');
      await dialogo.getByRole('textbox', { name: /^Conta/ }).fill('12345-6');
      await semRolagemLateral(dono);
      await dono.screenshot({ path: test.info().outputPath('assinar-pix-automatico-celular.png') });
      await dialogo.getByRole('button', { name: 'Assinar e pagar' }).tap();

      const pagar = dono.getByRole('dialog', { name: 'Pagar NINA com Pix' });
      await expect(pagar.getByRole('img', { name: /QR code do Pix de R\$\s29,90 para NINA/ })).toBeVisible();
      // A dynamic BR Code: the PSP's location, not the key.
      expect(await pagar.getByRole('textbox', { name: 'Pix copia e cola' }).inputValue()).toMatch(/^00020101021226/);
      const solicitacao = psp.trocas.find((t) => t.caminho === '/api/solicrec');
      expect(solicitacao?.pedido).toMatchObject({ destinatario: { ispbParticipante: '18236120', agencia: '0001', conta: '123456' } });
    });

    await test.step('the PSP is paid: the open dialog turns "Pagamento confirmado" by itself', async () => {
      const [primeira] = (await cobrancas()).filter((c) => c.pet === 'NINA');
      await psp.pagar(primeira?.txid ?? '');
      const pagar = dono.getByRole('dialog', { name: 'Pagar NINA com Pix' });
      await expect(pagar.getByText(/^Pagamento confirmado em \d\d\/\d\d\/\d{4}/)).toBeVisible();
      await pagar.getByRole('button', { name: 'Fechar' }).tap();
    });

    const cartao = dono.getByRole('list', { name: 'Assinaturas' }).getByRole('listitem').filter({ hasText: 'NINA' });
    await test.step('the owner authorises in the bank app: the card says Pix Automático is on, live', async () => {
      await expect(cartao).toContainText('Pix Automático: autorize no app do seu banco.');
      const idRec = (psp.trocas.find((t) => t.caminho === '/api/rec' && t.status === 201)?.resposta as { idRec: string }).idRec;
      await psp.automatico.responderSolicitacao(idRec, 'APROVADA');
      await expect(cartao).toContainText('Pix Automático ativo: as cobranças são debitadas no vencimento.');
      await semRolagemLateral(dono);
      await dono.screenshot({ path: test.info().outputPath('pix-automatico-ativo-celular.png'), fullPage: true });
    });

    await test.step('a month later the next charge is a scheduled debit, and the debit pays it live', async () => {
      await servidor?.parar();
      servidor = undefined;
      // The lead time now reaches the next period: its charge is created and, authorised, scheduled.
      servidor = await subirServidor(porta, { ...env, PAGAMENTOS_ANTECEDENCIA_DIAS: '40' }, path.join(dados, 'servidor'));
      await expect
        .poll(async () => (await cobrancas()).some((c) => c.pet === 'NINA' && c.debitoAutomatico), { timeout: 30_000 })
        .toBe(true);
      const agendada = (await cobrancas()).find((c) => c.pet === 'NINA' && c.debitoAutomatico);
      expect(psp.automatico.cobrancaRecorrente(agendada?.txid ?? '')).toMatchObject({ status: 'ATIVA', valor: { original: '29.90' } });
      await dono.reload();
      const lista = dono.getByRole('list', { name: 'Cobranças' });
      const linha = lista.getByRole('listitem').filter({ hasText: /Débito automático em \d\d\/\d\d\/\d{4}/ });
      await expect(linha).toHaveCount(1);
      await expect(linha.getByRole('button', { name: /Pagar com Pix/ })).toHaveCount(0);
      await semRolagemLateral(dono);
      await dono.screenshot({ path: test.info().outputPath('debito-agendado-celular.png'), fullPage: true });
      await psp.automatico.debitar(agendada?.txid ?? '');
      await expect(lista.getByRole('listitem').filter({ hasText: /Débito automático em/ })).toHaveCount(0);
      await expect.poll(async () => (await cobrancas()).filter((c) => c.pet === 'NINA').map((c) => c.situacao)).toEqual(['PAGO', 'PAGO']);
    });
    await celular.close();

    await test.step('on a computer, BOLT paid by Pix each period: the PSP is paid and the page turns "Pago" by itself', async () => {
      const computador = await browser.newContext({ ...COMPUTADOR, baseURL: url });
      const page = await computador.newPage();
      await entrar(page, dona.email, dona.senha);
      await expect(page).toHaveURL(/\/user\/mapa$/);
      await page.goto('/user/meus-pagamentos');
      await page.getByRole('button', { name: 'Assinar para BOLT' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Assinar para BOLT' });
      await expect(dialogo.getByRole('radio', { name: /^Pix a cada período/ })).toBeChecked();
      await dialogo.getByRole('button', { name: 'Assinar e pagar' }).click();
      const pagar = page.getByRole('dialog', { name: 'Pagar BOLT com Pix' });
      await expect(pagar.getByRole('img', { name: /QR code do Pix de R\$\s29,90 para BOLT/ })).toBeVisible();
      await semRolagemLateral(page);
      await page.screenshot({ path: test.info().outputPath('pagar-com-psp-computador.png') });
      // The one due today (the lead time already made next month's too).
      const [bolt] = (await cobrancas()).filter((c) => c.pet === 'BOLT').sort((a, b) => a.vencimento.localeCompare(b.vencimento));
      await psp.pagar(bolt?.txid ?? '');
      await expect(pagar.getByText(/^Pagamento confirmado em \d\d\/\d\d\/\d{4}/)).toBeVisible();
      await pagar.getByRole('button', { name: 'Concluir' }).click();
      const dia = (bolt?.vencimento ?? '').split('-').reverse().join('/');
      await expect(page.getByRole('table', { name: 'Cobranças' }).getByRole('row', { name: new RegExp(`^BOLT .* ${dia} `) })).toContainText(
        'Pago',
      );
      await page.screenshot({ path: test.info().outputPath('meus-pagamentos-psp-computador.png'), fullPage: true });
      await computador.close();
    });
  } finally {
    await servidor?.parar();
    await psp.fechar();
    rmSync(dados, { recursive: true, force: true });
  }
});
