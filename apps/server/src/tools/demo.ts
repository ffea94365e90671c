import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seed } from '../db/seed';
import { DEMO, prepararDemo } from './demo-dados';

/**
 * `npm run demo`: prepares a demo owner with three linked trackers, starts the product and the
 * simulator, so a newcomer sees pets moving. Ctrl+C stops everything.
 */
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function main() {
  const config = loadConfig();
  // PGlite allows one process at a time: prepare the data, close, then start the server.
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await db.migrate((d) => seed(d, config.admin));
  await prepararDemo(db.db);
  await db.close();

  // Built on first use, as `npm start` does (an explicit WEB_DIST is the operator's business).
  if (!config.webDist && !existsSync(path.join(raiz, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@rastro/web'], { cwd: raiz, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const filhos: ChildProcess[] = [];
  const servidor = spawn(process.execPath, ['--import', 'tsx', path.join(raiz, 'apps/server/src/main.ts')], {
    cwd: raiz,
    stdio: 'inherit',
    env: process.env,
  });
  filhos.push(servidor);
  const base = `http://127.0.0.1:${config.port}`;
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const simulador = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(raiz, 'tools/simulator/src/main.ts'),
      '--trackers',
      String(DEMO.pets.length),
      '--interval',
      '5',
      '--imei-base',
      String(DEMO.imeiBase),
      '--port',
      String(config.topinPort),
    ],
    { cwd: raiz, stdio: 'inherit' },
  );
  filhos.push(simulador);
  process.stdout.write(
    `\n  Demonstração do Rastro em ${config.appUrl}\n    dono:  ${DEMO.email}\n    senha: ${DEMO.senha}\n  Três pets (${DEMO.pets.join(', ')}) andando pelo mapa. Ctrl+C encerra.\n\n`,
  );
  const parar = () => {
    for (const f of filhos) f.kill('SIGTERM');
  };
  process.on('SIGINT', parar);
  process.on('SIGTERM', parar);
  servidor.on('exit', (code) => {
    simulador.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha na demonstração: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
