import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM, FLAGS_DO_CHROMIUM } from '@rastro/testes/chromium';

/** Debian's Chromium (never a downloaded browser) and the E2E run's flags, for every bench/web browser. */
export { CHROMIUM, FLAGS_DO_CHROMIUM };

/** Debian's Chromium, headless, with the E2E run's flags. */
export function abrirChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS_DO_CHROMIUM });
}

/** A fresh profile each time: empty HTTP cache, no service worker, no storage. */
export const novoContexto = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

export interface Perfil {
  nome: string;
  /** Round-trip added to every request, download and upload in bytes/s, CPU slowdown. */
  rttMs: number;
  downBps: number;
  upBps: number;
  cpu: number;
}

/**
 * Lighthouse's mobile profile as DevTools applies it ("Slow 4G" with its RTT adjustment:
 * 562.5 ms, 1.47 Mbit/s down, 675 kbit/s up) and a 4× slower CPU.
 */
export const CELULAR: Perfil = { nome: 'celular', rttMs: 562.5, downBps: (1474.56 * 1024) / 8, upBps: (675 * 1024) / 8, cpu: 4 };

export async function aplicarPerfil(page: Page, p: Perfil) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: p.rttMs,
    downloadThroughput: p.downBps,
    uploadThroughput: p.upBps,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: p.cpu });
}
