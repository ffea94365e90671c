import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { ENV_URL } from './mensagens';
import { servirNoFilho } from '../lib/servir-no-filho';

/**
 * The API as production runs it next to the gateway (ROLE=api: buildApp with every plugin, the
 * live channel /api/socket included, silent log), on the benchmark's database, in a process of its
 * own. It hears the gateway's NOTIFYs and pushes the owners' notifications to their sockets.
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
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-bench-ingest-api-')),
    WEB_DIST: path.join(tmpdir(), 'rastro-bench-sem-web'),
  });
  const database = await openPostgres(url, config.databasePoolMax, config.databaseStatementTimeoutMs);
  const app = await buildApp({ config, database });
  return { app, liberar: () => database.close() };
});
