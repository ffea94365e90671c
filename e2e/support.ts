import { connect } from 'node:net';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { decodeServerFrame, type ServerMessage } from '@rastro/topin/server-to-device/decode';
import { encodeAlarm, encodeGps, encodeLogin, encodeStatus } from '@rastro/topin/device-to-server/encode';
import { TopinFramer } from '@rastro/topin/framer';
import { E2E_TOPIN_PORT, E2E_URL } from './env';

/** Solves the real ALTCHA on the page (proof of work in the browser) and waits for it. */
export async function resolverCaptcha(page: Page): Promise<number> {
  const inicio = Date.now();
  // The widget draws its tick over the input, so a person (and the test) clicks the label.
  await page.getByText('Eu não sou um robô', { exact: true }).click();
  await expect(page.getByText('Verificado')).toBeVisible({ timeout: 30_000 });
  return Date.now() - inicio;
}

/** A browser context as a phone (390×844, touch) and as a computer (1366×800) open the e2e server. */
export const CELULAR: BrowserContextOptions = {
  baseURL: E2E_URL,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};
export const COMPUTADOR: BrowserContextOptions = {
  baseURL: E2E_URL,
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  viewport: { width: 1366, height: 800 },
};

export async function entrar(page: Page, email: string, senha: string) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: 'Fazer login' })).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha' }).fill(senha);
  const ms = await resolverCaptcha(page);
  await page.getByRole('button', { name: 'Fazer Login' }).click();
  return ms;
}

/**
 * A browser context of its own, logged in as `email` and on its home screen (the dashboard or the
 * map). The caller closes it: `page.context().close()`.
 */
export async function logado(browser: Browser, email: string, senha: string): Promise<Page> {
  const contexto = await browser.newContext({ baseURL: E2E_URL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await contexto.newPage();
  await entrar(page, email, senha);
  await expect(page).toHaveURL(/\/(admin\/dashboard|user\/mapa)$/);
  return page;
}

/** The bearer token of whoever is logged in on `page`: the web keeps it in the `rastro_token` cookie. */
export async function tokenDaPagina(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'rastro_token')?.value;
  if (!token) throw new Error('ninguém logado nesta página (sem o cookie rastro_token)');
  return token;
}

let ultimaHoraGps = 0;

/**
 * A tracker on the e2e gateway for a moment: logs in over TCP, reports its battery and one GPS
 * fix, waits for the gateway's acks and hangs up; with `alarme`, it raises that alarm (which
 * TOPIN does not acknowledge) just before hanging up.
 */
export async function enviarPosicao(
  imei: string,
  p: { latitude: number; longitude: number; bateria: number },
  alarme?: 'sos' | 'lowBattery' | 'vibration',
  /** Another server's gateway (a journey that starts its own). */
  porta = E2E_TOPIN_PORT,
): Promise<void> {
  const socket = connect({ host: '127.0.0.1', port: porta });
  const framer = new TopinFramer({ source: 'server' });
  const esperando = new Map<ServerMessage['kind'], () => void>();
  const esperar = (kind: ServerMessage['kind']) => new Promise<void>((resolve) => esperando.set(kind, resolve));
  const falha = new Promise<never>((_resolve, reject) => {
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(new Uint8Array(chunk))) {
        const msg = decodeServerFrame(frame);
        if (msg.kind === 'loginRejected') reject(new Error(`o gateway recusou o IMEI ${imei}`));
        esperando.get(msg.kind)?.();
      }
    });
  });
  try {
    const aceito = esperar('loginAccepted');
    socket.write(encodeLogin(imei, 0x12));
    await Promise.race([aceito, falha]);
    const respostas = Promise.all([esperar('statusReply'), esperar('gpsAck')]);
    socket.write(encodeStatus({ battery: p.bateria, firmware: 0x12, timezone: 0, statusIntervalMin: 5, signal: 80, charging: false }));
    // A device stamps its fixes by the second and one (tracker, second) is one fix: a second fix
    // sent within the same second would be taken for a resend of the first.
    ultimaHoraGps = Math.max(Math.floor(Date.now() / 1000) * 1000, ultimaHoraGps + 1000);
    const time = new Date(ultimaHoraGps);
    socket.write(
      encodeGps({
        type: 0x10,
        time,
        latitude: p.latitude,
        longitude: p.longitude,
        speedKmh: 3,
        course: 90,
        satellites: 8,
        valid: true,
        buffered: false,
      }),
    );
    await Promise.race([respostas, falha]);
    if (alarme) socket.write(encodeAlarm(alarme));
  } finally {
    socket.end();
  }
}
