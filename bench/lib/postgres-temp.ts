import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/**
 * A throwaway PostgreSQL for one benchmark, started with `scripts/pg-temp.sh` (Debian's server,
 * `fsync=off`, in a temp directory) and stopped when the benchmark ends, fails or is interrupted.
 */
export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SCRIPT = path.join(RAIZ, 'scripts/pg-temp.sh');
const run = promisify(execFile);

export interface PostgresTemp {
  url: string;
  host: string;
  porta: number;
  /** The postmaster's process id (its backends are its children). */
  pid: number;
  parar(): Promise<void>;
}

function portaLivre(porta: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(porta, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** 55432 unless taken (another benchmark, CI, a colleague's test run): then the next free one. */
async function escolherPorta(): Promise<number> {
  const inicio = Number(process.env.PGPORT ?? 55432);
  for (let p = inicio; p < inicio + 200; p++) if (await portaLivre(p)) return p;
  throw new Error(`nenhuma porta livre para o PostgreSQL a partir de ${inicio}`);
}

export async function iniciarPostgresTemp(): Promise<PostgresTemp> {
  const porta = await escolherPorta();
  const { stdout } = await run('bash', [SCRIPT], { env: { ...process.env, PGPORT: String(porta) } });
  const dir = /^PGDIR=(.+)$/m.exec(stdout)?.[1];
  const url = /^DATABASE_URL=(.+)$/m.exec(stdout)?.[1];
  if (!dir || !url) throw new Error(`pg-temp.sh não informou PGDIR/DATABASE_URL: ${stdout}`);
  let parado = false;
  const pararSync = () => {
    if (parado) return;
    parado = true;
    try {
      execFileSync('bash', [SCRIPT, 'stop', dir], { stdio: 'ignore' });
    } catch {
      // Best effort while the process is going down anyway.
    }
  };
  // Whatever way the benchmark ends, the server and its directory go with it.
  process.once('exit', pararSync);
  for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sinal, () => {
      pararSync();
      process.exit(130);
    });
  }
  return {
    url,
    host: '127.0.0.1',
    porta,
    pid: Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    async parar() {
      if (parado) return;
      parado = true;
      await run('bash', [SCRIPT, 'stop', dir]);
    },
  };
}
