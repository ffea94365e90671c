import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, criarApp, pedirToken, type TestApp } from '../apoio/helpers';

/** A local stand-in for Google's siteverify: accepts the token 'token-bom' only, once. */
let verify: Server;
const recebidos: URLSearchParams[] = [];
let app: TestApp;

beforeAll(async () => {
  const usados = new Set<string>();
  verify = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const p = new URLSearchParams(body);
      recebidos.push(p);
      const token = p.get('response') ?? '';
      const ok = p.get('secret') === 'chave-secreta' && token === 'token-bom' && !usados.has(token);
      usados.add(token);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ success: ok }));
    });
  });
  await new Promise<void>((r) => verify.listen(0, '127.0.0.1', r));
  const { port } = verify.address() as AddressInfo;
  app = await criarApp({
    CAPTCHA_PROVIDER: 'recaptcha',
    RECAPTCHA_SITE_KEY: 'chave-do-site',
    RECAPTCHA_SECRET_KEY: 'chave-secreta',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
});
afterAll(async () => {
  await app.fechar();
  await new Promise((r) => verify.close(r));
});

describe('CAPTCHA_PROVIDER=recaptcha', () => {
  it('publishes the site key and no ALTCHA challenge', async () => {
    expect((await app.inject('/api/config')).json<{ captcha: unknown }>().captcha).toEqual({
      provider: 'recaptcha',
      siteKey: 'chave-do-site',
    });
    expect((await app.inject('/api/captcha/desafio')).statusCode).toBe(404);
  });

  it('checks the token with the verify service', async () => {
    const ruim = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha: 'token-ruim' });
    expect(ruim.json()).toEqual({ error: 'invalid_captcha', error_description: 'Resolva o CAPTCHA.' });
    const bom = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha: 'token-bom' });
    expect(bom.statusCode).toBe(200);
    expect(recebidos.at(-1)?.get('secret')).toBe('chave-secreta');
  });

  it('refuses to start without the keys', async () => {
    await expect(criarApp({ CAPTCHA_PROVIDER: 'recaptcha' })).rejects.toThrow(/RECAPTCHA_SITE_KEY/);
  });
});
