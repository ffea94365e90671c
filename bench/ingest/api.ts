import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ajustarV8, buildApp, loadConfig, openPostgres } from '@rastro/server';
import { ENV_URL, type AvisoApi } from './mensagens';

/**
 * The API as production runs it next to the gateway (ROLE=api: buildApp with every plugin, the
 * live channel /api/socket included, silent log), on the benchmark's database, in a process of its
 * own. It hears the gateway's NOTIFYs and pushes the owners' notifications to their sockets.
 */
const avisar = (m: AvisoApi) => process.send?.(m);

async function main() {
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
