import { MSG } from '@rastro/shared/messages';
import { createHash } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { deriveHmacKeySecret } from 'altcha-lib/frameworks/shared';
import { sql } from 'drizzle-orm';
import { consultar } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import { ADMIN, basicCliente, bearer, criarApp, entrar, pedirToken, resolverCaptcha, type TestApp } from '../apoio/helpers';
import { TEST_ENV } from '../apoio/test-env';

let app: TestApp;
beforeAll(async () => {
  app = await criarApp();
});
afterAll(async () => {
  await app.fechar();
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

describe('POST /oauth/token', () => {
  it('logs the administrator in and answers the token with the user data', async () => {
    const res = await pedirToken(app, ADMIN.email, ADMIN.senha);
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual({
      access_token: expect.any(String) as string,
      token_type: 'bearer',
      expires_in: 365 * 86_400,
      usuarioId: expect.any(Number) as number,
      nome: 'ADMINISTRADOR',
      email: ADMIN.email,
      authorities: [...TODAS_PERMISSOES].sort(),
      isClient: false,
    });
    expect(res.body).not.toMatch(/argon2|senha_?hash/i);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await entrar(app);
    const rows = await consultar<{ token_hash: string }>(app.database.db, sql`select token_hash from sessoes`);
    const hashes = rows.map((r) => r.token_hash);
    expect(hashes).toContain(sha256(token));
    expect(hashes).not.toContain(token);
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await pedirToken(app, ADMIN.email.toUpperCase(), ADMIN.senha);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const [email, senha] of [
      [ADMIN.email, 'errada-123'],
      ['ninguem@rastro.test', ADMIN.senha],
    ] as const) {
      const res = await pedirToken(app, email, senha);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'E-mail ou senha inválidos.' });
    }
  });

  it('refuses a missing captcha', async () => {
    const res = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_captcha', error_description: 'Resolva o CAPTCHA.' });
  });

  it('accepts each solved challenge only once', async () => {
    const captcha = await resolverCaptcha(app);
    expect((await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha })).statusCode).toBe(200);
    const again = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error_description: string }>().error_description).toBe('Resolva o CAPTCHA.');
  });

  it('refuses an expired challenge, a forged one and a test-mode payload', async () => {
    const secret = TEST_ENV.CAPTCHA_SECRET ?? '';
    const opts = {
      algorithm: 'SHA-256',
      cost: 1,
      counter: 60,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: await deriveHmacKeySecret(secret),
    };
    const expirado = await createChallenge({ ...opts, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const forjado = await createChallenge({
      ...opts,
      hmacSignatureSecret: 'outro-segredo',
      hmacKeySignatureSecret: 'outro',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    const semAssinatura = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    for (const challenge of [expirado, forjado, semAssinatura]) {
      const solution = await solveChallenge({ challenge, deriveKey });
      const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const res = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha });
      expect(res.json<{ error: string }>().error).toBe('invalid_captcha');
    }
    const lixo = await pedirToken(app, ADMIN.email, ADMIN.senha, { captcha: 'bm90LWEtcGF5bG9hZA==' });
    expect(lixo.json<{ error: string }>().error).toBe('invalid_captcha');
  });

  it('requires the web client credentials', async () => {
    const form = new URLSearchParams({ grant_type: 'password', username: ADMIN.email, password: ADMIN.senha });
    for (const authorization of [undefined, basicCliente('rastro-web', 'errado'), 'Bearer x']) {
      const res = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        payload: form.toString(),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: 'Cliente da aplicação inválido.' });
    }
  });

  it('refuses other grant types', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basicCliente(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('unsupported_grant_type');
  });

  it('refuses an inactive user with its own message, only after the right password', async () => {
    await app.database.db.execute(sql`update usuarios set situacao = false where lower(email) = ${ADMIN.email}`);
    try {
      const res = await pedirToken(app, ADMIN.email, ADMIN.senha);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'usuario_inativo',
        error_description: 'Usuário inativo, solicite a ativação ao seu responsável.',
      });
      const errada = await pedirToken(app, ADMIN.email, 'errada-123');
      expect(errada.json<{ error: string }>().error).toBe('invalid_grant');
    } finally {
      await app.database.db.execute(sql`update usuarios set situacao = true where lower(email) = ${ADMIN.email}`);
    }
  });
});

describe('login rate limits', () => {
  it('limits attempts per e-mail and per IP with a pt-BR 429', async () => {
    const limitado = await criarApp({ LOGIN_LIMIT_EMAIL: '3', LOGIN_LIMIT_IP: '5' });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await pedirToken(limitado, ADMIN.email, 'errada-123', { ip: '10.0.0.1' })).statusCode).toBe(400);
      }
      const bloqueado = await pedirToken(limitado, ADMIN.email, ADMIN.senha, { ip: '10.0.0.1' });
      expect(bloqueado.statusCode).toBe(429);
      expect(bloqueado.json()).toEqual({
        error: 'too_many_requests',
        error_description: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
      });
      // Another source is not held back by that one's failures.
      expect((await pedirToken(limitado, ADMIN.email, ADMIN.senha, { ip: '10.0.0.2' })).statusCode).toBe(200);
      // The first IP has 1 of its 5 attempts left over; other e-mails from it are still counted.
      expect((await pedirToken(limitado, 'a@rastro.test', 'x', { ip: '10.0.0.1' })).statusCode).toBe(400);
      expect((await pedirToken(limitado, 'b@rastro.test', 'x', { ip: '10.0.0.1' })).statusCode).toBe(429);
    } finally {
      await limitado.fechar();
    }
  });
});

describe('an account cannot be locked without solving captchas', () => {
  it('attempts without a valid captcha do not count against the e-mail', async () => {
    const limitado = await criarApp({ LOGIN_LIMIT_EMAIL: '3', LOGIN_LIMIT_IP: '100' });
    try {
      for (let i = 0; i < 6; i++) {
        const r = await pedirToken(limitado, ADMIN.email, 'errada-123', { ip: '10.0.0.9', captcha: i % 2 ? 'nao-resolvido' : null });
        expect(r.statusCode).toBe(400);
        expect(r.json<{ error: string }>().error).toBe('invalid_captcha');
      }
      expect((await pedirToken(limitado, ADMIN.email, ADMIN.senha, { ip: '10.0.0.10' })).statusCode).toBe(200);
    } finally {
      await limitado.fechar();
    }
  });
});

describe('POST /oauth/check_token and GET /api/logout', () => {
  const check = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/oauth/check_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicCliente() },
      payload: `token=${encodeURIComponent(token)}`,
    });

  it('answers only the OAuth client (HTTP Basic), 401 otherwise', async () => {
    const token = await entrar(app);
    for (const authorization of [
      undefined,
      basicCliente('rastro-web', 'segredo-errado'),
      basicCliente('outro-cliente'),
      bearer(token).authorization,
    ]) {
      const res = await app.inject({
        method: 'POST',
        url: '/oauth/check_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        payload: `token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_client', error_description: MSG.clienteInvalido });
      expect(res.body).not.toContain(ADMIN.email);
    }
  });

  it('describes a live token and refuses it after logout', async () => {
    const token = await entrar(app);
    const ok = await check(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      active: true,
      email: ADMIN.email,
      isClient: false,
      authorities: expect.arrayContaining(['PER2']) as string[],
    });

    const out = await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);

    const depois = await check(token);
    expect(depois.statusCode).toBe(400);
    expect(depois.json()).toEqual({ error: 'invalid_token', error_description: 'Token inválido ou expirado.' });
    const usado = await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) });
    expect(usado.statusCode).toBe(401);
    expect(usado.json()).toEqual({ status: 401, message: 'A sessão expirou. Faça o login novamente.' });
  });

  it('refuses unknown and missing tokens', async () => {
    expect((await check('nao-existe')).statusCode).toBe(400);
    const semToken = await app.inject({ method: 'GET', url: '/api/logout' });
    expect(semToken.statusCode).toBe(401);
    expect(semToken.json<{ message: string }>().message).toBe('Você precisa fazer login para continuar.');
  });

  it('refuses an expired token', async () => {
    const token = await entrar(app);
    await app.database.db.execute(sql`update sessoes set expira_em = now() - interval '1 minute' where token_hash = ${sha256(token)}`);
    expect((await check(token)).statusCode).toBe(400);
  });
});

describe('X-Usuario-Emulado', () => {
  it('is refused with 403 for a caller without PER2 and 404 for an unknown user', async () => {
    const cadastro = await app.inject({
      method: 'POST',
      url: '/users/sign-up',
      payload: { nome: 'Cliente Emulacao', email: 'cliente.emul@rastro.test', telefoneCelular: '(11) 9 8765-4321', senha: 'senha-forte-1' },
    });
    expect(cadastro.statusCode).toBe(201);
    const cliente = await entrar(app, 'cliente.emul@rastro.test', 'senha-forte-1');
    const negado = await app.inject({ method: 'GET', url: '/api/logout', headers: { ...bearer(cliente), 'x-usuario-emulado': '1' } });
    expect(negado.statusCode).toBe(403);
    expect(negado.json()).toEqual({ status: 403, message: 'Você não tem permissão para acessar este recurso.' });

    const admin = await entrar(app);
    const inexistente = await app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { ...bearer(admin), 'x-usuario-emulado': '999999' },
    });
    expect(inexistente.statusCode).toBe(404);
  });
});
