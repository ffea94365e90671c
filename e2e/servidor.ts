import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServidorDoE2e {
  url: string;
  /** What the server wrote to stdout and stderr so far. */
  log: () => string;
  parar: () => Promise<void>;
}

async function esperarSaude(url: string, ms: number) {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor em ${url} não respondeu a tempo`);
}

/**
 * The real server (apps/server/src/main.ts) in its own process, on the embedded PGlite, answering
 * at http://localhost:`porta` (TOPIN on `porta` + 1) once /health says so. Its data directory is
 * `dataDir`, kept when it stops (a restart finds its data), or a fresh one removed when it stops.
 */
export async function subirServidor(porta: number, env: Record<string, string>, dataDir?: string): Promise<ServidorDoE2e> {
  const url = `http://localhost:${porta}`;
  const dados = dataDir ?? mkdtempSync(path.join(tmpdir(), 'rastro-e2e-data-'));
  const saida: Buffer[] = [];
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(porta),
      TOPIN_PORT: String(porta + 1),
      DATA_DIR: dados,
      APP_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (c: Buffer) => saida.push(c));
  server.stderr.on('data', (c: Buffer) => saida.push(c));
  const log = () => Buffer.concat(saida).toString();
  const saiu = new Promise((r) => server.once('exit', r));
  try {
    await esperarSaude(url, 60_000);
  } catch (err) {
    server.kill('SIGKILL');
    process.stderr.write(log());
    throw err;
  }
  return {
    url,
    log,
    parar: async () => {
      server.kill('SIGTERM');
      await saiu;
      if (!dataDir) rmSync(dados, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on, with the next one free too (the server's HTTP, then its TOPIN). */
export async function portasLivres(): Promise<number> {
  const livre = (porta: number) =>
    new Promise<number>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(0));
      s.listen({ port: porta, host: '0.0.0.0', exclusive: true }, () => {
        const endereco = s.address();
        s.close(() => resolve(typeof endereco === 'object' && endereco ? endereco.port : 0));
      });
    });
  for (let i = 0; i < 50; i++) {
    const p = await livre(0);
    if (p && p < 65535 && (await livre(p + 1))) return p;
  }
  throw new Error('nenhum par de portas livres');
}
