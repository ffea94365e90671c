import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { portaLivre } from '../apoio/net';
import { iniciar } from '../apoio/processo';

async function login(port: number, email: string, senha: string) {
  const base = `http://127.0.0.1:${port}`;
  const challenge = (await (await fetch(`${base}/api/captcha/desafio`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  const form = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password: senha,
    'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Basic ${Buffer.from('rastro-web:rastro-web-secret').toString('base64')}` },
  });
}

describe('main.ts', () => {
  it('prints a generated administrator password once, and stops gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-main-'));
    const port = await portaLivre();

    const primeiro = await iniciar(dataDir, port);
    const m = /e-mail: (\S+)\s+senha:\s+(\S+)/.exec(primeiro.saida());
    expect(m?.[1]).toBe('admin@rastro.local');
    const senha = m?.[2] ?? '';
    expect(senha.length).toBeGreaterThanOrEqual(12);
    expect((await login(port, 'admin@rastro.local', senha)).status).toBe(200);
    expect(await primeiro.parar()).toBe(0);

    const segundo = await iniciar(dataDir, port);
    expect(segundo.saida()).not.toContain('senha:');
    expect((await login(port, 'admin@rastro.local', senha)).status).toBe(200);
    expect(await segundo.parar()).toBe(0);
  }, 120_000);
});
