import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { MSG, confirmarDesligar, economiaSucesso } from '@rastro/shared/messages';
import { Dispositivo } from '@rastro/simulator/dispositivo';
import { Pet, radioEnvironment, seededRandom } from '@rastro/simulator/pet';
import { cadastrarCliente, imeiUnico, registrarRastreador, tokenDe } from './api';
import { E2E_ADMIN, E2E_TOPIN_PORT } from './env';
import { entrar } from './support';

/**
 * The owner's journey against a simulated tracker speaking TOPIN to the real gateway: link it,
 * watch it move live, switch economy mode (the command reaches the device), see its history and
 * export it, receive an alarm, and turn it off.
 */
test.describe.configure({ timeout: 180_000 });

const sufixo = String(Date.now()).slice(-6);
const cliente = { nome: `DONO ${sufixo}`, email: `dono.${sufixo}@e2e.rastro.test`, senha: 'Dono#E2e2026' };
const imei = imeiUnico();
const linhasDoSimulador: string[] = [];
let dispositivo: Dispositivo;

test.beforeAll(async () => {
  const admin = await tokenDe(E2E_ADMIN.email, E2E_ADMIN.senha);
  await registrarRastreador(admin, imei);
  await cadastrarCliente(cliente.nome, cliente.email, cliente.senha);
  const random = seededRandom(Number(sufixo));
  const pet = new Pet({ homeLat: -23.5614, homeLng: -46.6559, random, alwaysWalking: true });
  dispositivo = new Dispositivo({
    imei,
    host: '127.0.0.1',
    port: E2E_TOPIN_PORT,
    intervalS: 2,
    pet,
    radio: radioEnvironment(random),
    random,
    log: (l) => linhasDoSimulador.push(l),
  });
  dispositivo.start();
});
test.afterAll(() => dispositivo.stop());

/** Waits until the simulated device logged a line containing `texto` (what it received). */
async function simuladorRecebeu(texto: string) {
  await expect
    .poll(() => linhasDoSimulador.some((l) => l.includes(texto)), { timeout: 15_000, message: `o simulador não recebeu: ${texto}` })
    .toBe(true);
}

async function abrirMapaAtual(page: Page) {
  await page.getByRole('link', { name: 'Mapa GPS' }).click();
  await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible();
}

/** The marker's position as its info window shows it: a pet walking due east keeps its latitude. */
async function posicaoNoPopup(page: Page) {
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  const valor = async (rotulo: RegExp) => ((await popup.getByText(rotulo).locator('..').textContent()) ?? '').replace(/[^\d.,-]/g, '');
  return `${await valor(/^Latitude/)} ${await valor(/^Longitude/)}`;
}

test('an owner links a tracker, follows it live, switches economy, reads its history and alarm, and turns it off', async ({ page }) => {
  await simuladorRecebeu('login aceito');
  await entrar(page, cliente.email, cliente.senha);
  await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible();
  await expect(page.getByText(MSG.nenhumRastreadorEncontrado)).toBeVisible();

  // Link the tracker the administrator registered, by its IMEI.
  await page.getByRole('link', { name: 'Meus Rastreadores' }).click();
  // A new owner is invited to link the first tracker.
  await page.getByRole('link', { name: 'Vincular rastreador' }).click();
  const form = page.getByRole('form', { name: 'Cadastrar' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'IMEI' }).fill(imei);
  await form.getByRole('textbox', { name: 'Descrição' }).fill('Rex');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.rastreadorSalvo)).toBeVisible();
  const linha = page.getByRole('row').filter({ hasText: imei });
  await expect(linha).toContainText('REX');
  await expect(linha).toContainText('5 minutos');
  // Linking sends the normal mode to the device: GPS on, upload every 5 minutes.
  await simuladorRecebeu('intervalo de envio 300 s');

  // The map shows it; a sync makes the device report where the pet walked to, live.
  await abrirMapaAtual(page);
  const marcador = page.getByRole('button', { name: 'REX' });
  await expect(marcador).toBeVisible();
  await marcador.click();
  const antes = await posicaoNoPopup(page);
  await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Sincronizar' }).click();
  await expect(page.getByText(MSG.sincronizacaoSolicitada)).toBeVisible();
  await simuladorRecebeu('localizar agora');
  await expect.poll(() => posicaoNoPopup(page), { timeout: 15_000 }).not.toBe(antes);
  expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

  // Economy mode: the GPS-off command reaches the device.
  await page.getByRole('link', { name: 'Meus Rastreadores' }).click();
  await linha.getByRole('button', { name: /Ações do registro/ }).click();
  await page.getByRole('menuitem', { name: 'Ativar economia de bateria' }).click();
  await expect(page.getByText(economiaSucesso('economia', 'Ativar'))).toBeVisible();
  await simuladorRecebeu('GPS desligado das 00:00 às 23:59');
  await linha.getByRole('button', { name: /Ações do registro/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Inativar economia de bateria' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /ultra economia/ })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Inativar economia de bateria' }).click();
  await simuladorRecebeu('GPS religado');

  // History of the last day: the route with its start and end.
  await page.getByRole('link', { name: 'Mapa GPS' }).click();
  await page.getByRole('combobox', { name: 'Tipo de Visualização' }).click();
  await page.getByRole('option', { name: 'Histórico de localizações' }).click();
  await page.getByRole('combobox', { name: 'Rastreador' }).click();
  await page.getByRole('option', { name: 'REX' }).click();
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByRole('button', { name: 'Início do trajeto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fim do trajeto' })).toBeVisible();

  // Export it as GPX.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /GPX/ }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^historico-rex-\d{4}-\d{2}-\d{2}\.gpx$/);
  const gpx = await readFile(await arquivo.path(), 'utf8');
  expect(gpx).toContain('<trkpt ');
  await expect(page.getByText(MSG.arquivoExportado)).toBeVisible();

  // An SOS from the collar: the unread count in the menu grows live, and the notification is listed.
  dispositivo.sendAlarm('sos');
  await expect(page.getByRole('link', { name: /Notificações, 1 não lida/ })).toBeVisible();
  await page.getByRole('link', { name: /Notificações/ }).click();
  await expect(page.getByRole('table', { name: 'Notificações' })).toContainText('Alerta de SOS do rastreador REX.');

  // Turn it off from the map, after confirming.
  await abrirMapaAtual(page);
  await page.getByRole('button', { name: 'REX' }).click();
  await page.locator('.leaflet-popup').getByRole('button', { name: 'Desligar' }).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText(confirmarDesligar('REX'));
  await dialogo.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText(MSG.desligandoRastreador)).toBeVisible();
  await simuladorRecebeu('comando: desligar');
});
