import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { zonasSchema } from '@rastro/shared/schemas/zonas';
import { DEMO } from '../../src/tools/demo-dados';
import { portaLivre } from '../apoio/net';

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/tools/demo.ts');

async function token(base: string, email: string, senha: string) {
  const challenge = (await (await fetch(`${base}/api/captcha/desafio`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  const form = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password: senha,
    'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Basic ${Buffer.from('rastro-web:rastro-web-secret').toString('base64')}` },
  });
  return (await res.json()) as { access_token: string; isClient: boolean };
}

/** `npm run demo` on these ports and data directory, in its own process group; not waited on. */
function processoDaDemo(port: number, topin: number, dataDir: string) {
  return spawn(process.execPath, ['--import', 'tsx', demo], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TOPIN_PORT: String(topin),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin#Demo2026',
      LOG_LEVEL: 'warn',
      CAPTCHA_COUNTER_MIN: '50',
      CAPTCHA_COUNTER_MAX: '100',
      WEB_DIST: '/nonexistent',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

/** Runs `npm run demo` on these ports and data directory until `fim`; stop it with `parar`. */
async function iniciarDemo(dataDir: string, fim: number) {
  const [port, topin] = [await portaLivre(), await portaLivre()];
  const base = `http://127.0.0.1:${port}`;
  const proc = processoDaDemo(port, topin, dataDir);
  const estado = { saida: '' };
  proc.stdout.on('data', (c: Buffer) => (estado.saida += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (estado.saida += c.toString()));
  const parar = () => {
    if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
    return new Promise<void>((resolve) =>
      proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', () => resolve()),
    );
  };
  try {
    while (
      !(await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > fim) throw new Error(`não subiu: ${estado.saida}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  } catch (err) {
    await parar();
    throw err;
  }
  return { base, estado, parar };
}

async function zonasDoDono(base: string) {
  const { access_token } = await token(base, DEMO.email, DEMO.senha);
  const res = await fetch(`${base}/api/zonas`, { headers: { authorization: `Bearer ${access_token}` } });
  return zonasSchema.parse(await res.json());
}

describe('npm run demo', () => {
  it('starts the product with a demo owner whose three simulated pets report in, THOR in the zone CASA', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-demo-'));
    const fim = Date.now() + 60_000;
    const { base, estado, parar } = await iniciarDemo(dataDir, fim);
    let thorId: number | undefined;
    try {
      expect((await token(base, DEMO.email, DEMO.senha)).isClient).toBe(true);
      const admin = (await token(base, 'admin@rastro.local', 'Admin#Demo2026')).access_token;
      let pets: { id: number; imei: string; bateria: number | null; rastreadorDescricao: string | null; situacao: string }[] = [];
      while (Date.now() < fim) {
        const res = await fetch(`${base}/api/rastreadores?imei=359339080100&size=10`, { headers: { authorization: `Bearer ${admin}` } });
        pets = ((await res.json()) as { content: typeof pets }).content;
        if (pets.length === 3 && pets.every((p) => p.bateria !== null)) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(pets.map((p) => p.rastreadorDescricao).sort()).toEqual([...DEMO.pets].sort());
      expect(pets.every((p) => p.bateria !== null && p.situacao === 'ATIVO')).toBe(true);
      expect(estado.saida).toContain(`dono:  ${DEMO.email}`);
      expect(estado.saida).toContain('foge da zona CASA');
      thorId = pets.find((p) => p.rastreadorDescricao === 'THOR')?.id;
      const zonas = await zonasDoDono(base);
      expect(zonas).toHaveLength(1);
      expect(zonas[0]).toMatchObject({ nome: 'CASA', tipo: 'CIRCULO', rastreadorIds: [thorId], alertarSaida: true, alertarEntrada: true });
    } finally {
      await parar();
    }

    // Run again on the same data: the demo keeps what it made, the zone is not made twice.
    const outra = await iniciarDemo(dataDir, Date.now() + 30_000);
    try {
      const zonas = await zonasDoDono(outra.base);
      expect(zonas.map((z) => [z.nome, z.rastreadorIds])).toEqual([['CASA', [thorId]]]);
    } finally {
      await outra.parar();
    }
  }, 120_000);
});

/** Listens on a free loopback port; the port and the server. */
async function ouvir<S extends Server>(servidor: S): Promise<{ porta: number; servidor: S }> {
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  return { porta: (servidor.address() as AddressInfo).port, servidor };
}

/** Whether any process of the group `pgid` is still alive. */
function grupoVivo(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run demo, when the server cannot start', () => {
  it('with its port taken (a previous demo still up), stops everything and exits non-zero with the server’s error; no pet ever reports', async () => {
    // The previous run still holds both ports: its /health answers, its gateway accepts devices.
    const http = await ouvir(createHttpServer((_req, res) => res.end('{"status":"UP"}')));
    const conexoesNoGateway: string[] = [];
    const gateway = await ouvir(createServer((s) => (conexoesNoGateway.push('conexão'), s.destroy())));
    const proc = processoDaDemo(http.porta, gateway.porta, mkdtempSync(path.join(tmpdir(), 'rastro-demo-')));
    let saida = '';
    proc.stdout.on('data', (c: Buffer) => (saida += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (saida += c.toString()));
    try {
      const codigo = await new Promise<number | null>((resolve, reject) => {
        const prazo = setTimeout(() => reject(new Error(`a demonstração não terminou: ${saida}`)), 90_000);
        proc.once('exit', (c) => (clearTimeout(prazo), resolve(c)));
      });
      expect(codigo, saida).not.toBe(0);
      expect(codigo, saida).not.toBeNull();
      expect(saida).toContain('EADDRINUSE');
      expect(saida).toContain('O servidor do Rastro não subiu');
      expect(saida).not.toContain('Demonstração do Rastro em');
      // Nothing of it is left: no server, no simulator (they share the demo's process group).
      const fim = Date.now() + 15_000;
      while (proc.pid && grupoVivo(proc.pid) && Date.now() < fim) await new Promise((r) => setTimeout(r, 100));
      expect(proc.pid && grupoVivo(proc.pid)).toBe(false);
      expect(conexoesNoGateway).toEqual([]);
    } finally {
      if (proc.pid && grupoVivo(proc.pid)) process.kill(-proc.pid, 'SIGKILL');
      http.servidor.close();
      gateway.servidor.close();
    }
  }, 120_000);
});
