import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { servirNoFilho } from '../lib/servir-no-filho';
import { ENV_URL } from './mensagens';

/**
 * The API as production runs it (ROLE=api: buildApp with every plugin, silent log), in a process of
 * its own: its push sender (EntregadorPush, started when the app is ready) delivers the queue. The
 * receiver is on loopback over http://, which only PUSH_PERMITIR_HTTP allows; the poll is long, so
 * what wakes the sender is the NOTIFY of the alarm's transaction.
 */
servirNoFilho(async () => {
  ajustarV8();
  const url = process.env[ENV_URL];
  if (!url) throw new Error(`${ENV_URL} ausente`);
  const config = loadConfig({
    NODE_ENV: 'production',
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-bench-push-api-')),
    WEB_DIST: path.join(tmpdir(), 'rastro-bench-sem-web'),
    PUSH_PERMITIR_HTTP: 'true',
    PUSH_POLL_MS: '600000',
  });
  const database = await openPostgres(url, config.databasePoolMax, config.databaseStatementTimeoutMs);
  const app = await buildApp({ config, database });
  return { app, liberar: () => database.close() };
});
