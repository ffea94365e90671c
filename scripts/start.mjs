// `npm start`: builds the web app if it is missing, then runs the server (web + API + gateway).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.log('Construindo a aplicação web (primeira execução)...');
  const r = spawnSync(npm, ['run', 'build', '-w', '@rastro/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// A young generation of up to 2 × 64 MB, where a request's garbage dies (docs/adr/0007-flags-do-v8.md).
// Only a command-line flag sizes it; apps/server/package.json and bench/api use the same.
const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sinal of ['SIGINT', 'SIGTERM']) process.on(sinal, () => server.kill(sinal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
