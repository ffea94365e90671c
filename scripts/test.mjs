// `npm test`: every unit and integration suite (vitest), then the browser journeys (Playwright in
// Debian's Chromium). Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(path.join(tmpdir(), 'rastro-test-'));
const args = process.argv.slice(2);
const semE2e = args.includes('--no-e2e');
const bin = (n) => path.join(root, 'node_modules/.bin', n);

/** Whether `port` can be listened on (as the server does, on every address). */
function livre(port) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(0));
    s.listen({ port, host: '0.0.0.0', exclusive: true }, () => {
      const { port: p } = s.address();
      s.close(() => resolve(p));
    });
  });
}

/** Two consecutive free ports for the journeys' server (HTTP, then TOPIN). */
async function portasDoE2e() {
  for (let i = 0; i < 50; i++) {
    const p = await livre(0);
    if (p && p < 65535 && (await livre(p + 1))) return p;
  }
  throw new Error('nenhum par de portas livres para o servidor dos testes de navegador');
}

function run(cmd, cmdArgs, env = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

let passed = 0;
let failed = 0;

const vitestJson = path.join(out, 'vitest.json');
const vitestCode = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0) + (vitestCode !== 0 && !r.numFailedTests ? 1 : 0);
} else if (vitestCode !== 0) failed += 1;

let e2eCode = 0;
if (!semE2e) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(
      `Chromium não encontrado em ${chromium}. Instale o pacote Debian 'chromium' (apt-get install chromium) ou defina CHROMIUM_PATH.`,
    );
    e2eCode = 1;
    failed += 1;
  } else {
    const pwJson = path.join(out, 'playwright.json');
    // A port of its own unless E2E_PORT says which: two runs (or a forgotten server) never meet.
    const E2E_PORT = process.env.E2E_PORT ?? String(await portasDoE2e());
    e2eCode = run(bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, E2E_PORT });
    if (existsSync(pwJson)) {
      const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats ?? {};
      passed += (s.expected ?? 0) + (s.flaky ?? 0);
      failed += s.unexpected ?? 0;
      if (e2eCode !== 0 && !s.unexpected) failed += 1;
    } else if (e2eCode !== 0) failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(vitestCode !== 0 || e2eCode !== 0 ? 1 : 0);
