import { defineConfig } from '@playwright/test';
import { CHROMIUM, FLAGS_DO_CHROMIUM } from '@rastro/testes/chromium';
import { E2E_URL } from './e2e/env';

/** Browser journeys in Debian's Chromium (never a downloaded browser). */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: FLAGS_DO_CHROMIUM,
    },
  },
});
