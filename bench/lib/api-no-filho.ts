import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { ENV_URL_DO_BANCO } from './env';
import { servirNoFilho } from './servir-no-filho';

/**
 * The API as production runs it (buildApp with every plugin and hook, ROLE=api, silent log, the
 * server's V8 flags unless SEM_AJUSTE_V8), on the benchmark's database (migrated and seeded by the
 * benchmark), served from this child process: `env` adds or overrides settings.
 */
export function servirApiNoFilho(nome: string, env: Record<string, string> = {}) {
  servirNoFilho(async () => {
    if (!process.env.SEM_AJUSTE_V8) ajustarV8();
    const url = process.env[ENV_URL_DO_BANCO];
    if (!url) throw new Error(`${ENV_URL_DO_BANCO} ausente`);
    const config = loadConfig({
      NODE_ENV: 'production',
      ROLE: 'api',
      LOG_LEVEL: 'silent',
      DATABASE_URL: url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `rastro-bench-${nome}-`)),
      WEB_DIST: path.join(tmpdir(), 'rastro-bench-sem-web'),
      ...env,
    });
    const database = await openPostgres(url, config.databasePoolMax, config.databaseStatementTimeoutMs);
    const app = await buildApp({ config, database });
    return { app, liberar: () => database.close() };
  });
}
