/**
 * Debian's Chromium (never a downloaded browser) and the flags every run of it here uses: the
 * browser journeys (playwright.config.ts) and bench/web (bench/web/navegador.ts). No imports: the
 * Playwright config reads it before anything else.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const FLAGS_DO_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
