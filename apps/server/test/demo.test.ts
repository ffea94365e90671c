import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/tools/demo-dados';
import { portaLivre } from './net';

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/tools/demo.ts');

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

describe('npm run demo', () => {
  it('starts the product with a demo owner whose three simulated pets report in', async () => {
    const [port, topin] = [await portaLivre(), await portaLivre()];
    const base = `http://127.0.0.1:${port}`;
    const proc = spawn(process.execPath, ['--import', 'tsx', demo], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        TOPIN_PORT: String(topin),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-demo-')),
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
    let saida = '';
    proc.stdout.on('data', (c: Buffer) => (saida += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (saida += c.toString()));
    try {
      const fim = Date.now() + 60_000;
      while (
        !(await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > fim) throw new Error(`não subiu: ${saida}`);
        await new Promise((r) => setTimeout(r, 300));
      }
      expect((await token(base, DEMO.email, DEMO.senha)).isClient).toBe(true);
      const admin = (await token(base, 'admin@rastro.local', 'Admin#Demo2026')).access_token;
      let pets: { imei: string; bateria: number | null; rastreadorDescricao: string | null; situacao: string }[] = [];
      while (Date.now() < fim) {
        const res = await fetch(`${base}/api/rastreadores?imei=359339080100&size=10`, { headers: { authorization: `Bearer ${admin}` } });
        pets = ((await res.json()) as { content: typeof pets }).content;
        if (pets.length === 3 && pets.every((p) => p.bateria !== null)) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(pets.map((p) => p.rastreadorDescricao).sort()).toEqual([...DEMO.pets].sort());
      expect(pets.every((p) => p.bateria !== null && p.situacao === 'ATIVO')).toBe(true);
      expect(saida).toContain(`dono:  ${DEMO.email}`);
    } finally {
      if (proc.pid) process.kill(-proc.pid, 'SIGTERM');
    }
  }, 90_000);
});
