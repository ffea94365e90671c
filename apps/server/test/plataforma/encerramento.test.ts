import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { portaLivre } from '../apoio/net';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

describe('shutdown never depends on the log', () => {
  it('a server whose parent stopped reading its log still stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-encerramento-'));
    const port = await portaLivre();
    const proc = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TOPIN_PORT: '0',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        ADMIN_PASSWORD: 'senha-de-teste-123',
        WEB_DIST: '/nonexistent',
      },
      // The log goes to a pipe nobody reads: once the kernel's buffer is full, writes cannot go on.
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    proc.stdout.pause();
    try {
      const base = `http://127.0.0.1:${port}`;
      const fim = Date.now() + 60_000;
      while (
        !(await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (proc.exitCode !== null || Date.now() > fim) throw new Error('o servidor não subiu');
        await new Promise((r) => setTimeout(r, 200));
      }
      // Every request is logged: far more than a pipe holds.
      for (let lote = 0; lote < 40; lote++) {
        await Promise.all(
          Array.from({ length: 50 }, () =>
            fetch(`${base}/api/config`, { signal: AbortSignal.timeout(1000) }).then(
              (r) => r.arrayBuffer(),
              () => undefined,
            ),
          ),
        );
      }
      const saiu = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
      proc.kill('SIGTERM');
      const resultado = await Promise.race([saiu, new Promise<'travou'>((r) => setTimeout(() => r('travou'), 20_000))]);
      expect(resultado).not.toBe('travou');
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      proc.stdout.resume();
    }
  }, 120_000);
});
