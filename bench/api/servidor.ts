import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { ENV_POOL, ENV_URL, type AvisoAlvo } from './mensagens';

/**
 * The real API server (buildApp, every plugin and hook, ROLE=api, silent log) on the benchmark's
 * database, in its own process so it never shares an event loop with the load generator. The
 * database was migrated and seeded by the benchmark, as main.ts would have done.
 */
const avisar = (m: AvisoAlvo) => process.send?.(m);

async function main() {
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
  await app.listen({ host: '127.0.0.1', port: 0 });
  const endereco = app.server.address();
  if (!endereco || typeof endereco === 'string') throw new Error('sem porta');
  const fechar = async () => {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('disconnect', () => void fechar());
  process.on('SIGTERM', () => void fechar());
  avisar({ tipo: 'pronto', porta: endereco.port });
}

main().catch((err: unknown) => {
  avisar({ tipo: 'erro', mensagem: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
});
