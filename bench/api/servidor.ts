import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { ENV_POOL, ENV_URL } from './mensagens';
import { servirNoFilho } from '../lib/servir-no-filho';

/**
 * The real API server (buildApp, every plugin and hook, ROLE=api, silent log) on the benchmark's
 * database, in its own process so it never shares an event loop with the load generator. The
 * database was migrated and seeded by the benchmark, as main.ts would have done.
 */
servirNoFilho(async () => {
  // As apps/server/src/main.ts starts the server (V8 flags included).
  if (!process.env.SEM_AJUSTE_V8) ajustarV8();
  const url = process.env[ENV_URL];
  if (!url) throw new Error(`${ENV_URL} ausente`);
  const config = loadConfig({
    NODE_ENV: 'production',
    ROLE: 'api',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_POOL_MAX: process.env[ENV_POOL] ?? '10',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-bench-api-')),
    // Every request of the load comes from 127.0.0.1: the per-IP limit (600/min by default) would
    // answer 429 within a second. The limiter still runs on every request.
    RATE_LIMIT_MAX: '1000000000',
    WEB_DIST: path.join(tmpdir(), 'rastro-bench-sem-web'),
  });
  const database = await openPostgres(url, config.databasePoolMax, config.databaseStatementTimeoutMs);
  const app = await buildApp({ config, database });
  return { app, liberar: () => database.close() };
});
