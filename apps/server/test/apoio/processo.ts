import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

/** The real server process (main.ts) with `env` over a quiet test environment; not yet waited on. */
export function processoDoServidor(port: number, env: Record<string, string>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TOPIN_PORT: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ADMIN_PASSWORD: '',
      CAPTCHA_COUNTER_MIN: '50',
      CAPTCHA_COUNTER_MAX: '100',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let saida = '';
  proc.stdout.on('data', (c: Buffer) => (saida += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (saida += c.toString()));
  const saiu = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return {
    saida: () => saida,
    saiu,
    /** Waits for /health; throws with the output if the process exits first. */
    async pronto() {
      const fim = Date.now() + 60_000;
      for (;;) {
        if (proc.exitCode !== null) throw new Error(`o servidor saiu: ${saida}`);
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > fim) throw new Error(`o servidor não subiu: ${saida}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    async parar() {
      if (proc.exitCode !== null) return proc.exitCode;
      proc.kill('SIGTERM');
      return saiu;
    },
  };
}

/** Starts main.ts on `dataDir` and waits for /health. */
export async function iniciar(dataDir: string, port: number, env: Record<string, string> = {}) {
  const p = processoDoServidor(port, { DATA_DIR: dataDir, ...env });
  await p.pronto();
  return p;
}
