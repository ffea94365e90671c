import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { MSG } from '@rastro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { consultar, type Db } from '../../src/db/client';
import { sha256 } from '../../src/lib/cripto';
import { ADMIN, basicCliente, bearer, criarApp, entrar, novoBanco, pedirToken, type TestApp } from '../apoio/helpers';
import { contar, registrarRastreador } from '../apoio/fixtures';
import { iniciarSmtp, linkDeSenha } from '@rastro/testes/smtp';
import { TEST_ENV } from '../apoio/test-env';

/** Rows of every table of the schema whose JSON text contains `valor` ("tabela: n"). */
async function ondeEsta(db: Db, valor: string): Promise<string[]> {
  const tabelas = await consultar<{ nome: string }>(
    db,
    sql`select table_name as nome from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const achados: string[] = [];
  for (const { nome } of tabelas) {
    const [r] = await consultar<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(nome)} t where strpos(row_to_json(t)::text, ${valor}) > 0`,
    );
    if (r && r.n > 0) achados.push(`${nome}: ${r.n}`);
  }
  return achados;
}

async function ate<T>(f: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const cadastro = (email: string, senha: string) => ({ nome: 'Dona Segura', email, telefoneCelular: '11987654321', senha });

describe('security headers', () => {
  let app: TestApp;
  beforeAll(async () => {
    // A built web app, so the SPA index is served as in production.
    const dist = mkdtempSync(path.join(tmpdir(), 'rastro-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>');
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1);');
    app = await criarApp({ WEB_DIST: dist });
  });
  afterAll(() => app.fechar());

  it('on the SPA index, a static asset, an API answer and the JSON errors, before routing too', async () => {
    const casos: [string, number, RegExp][] = [
      ['/user/mapa', 200, /text\/html/],
      ['/assets/app.js', 200, /javascript/],
      ['/api/config', 200, /application\/json/],
      ['/api/chips', 401, /application\/json/],
      ['/api/nao-existe', 404, /application\/json/],
      // Refused by Fastify before routing (a malformed percent-encoding): no hook runs there.
      ['/api/chips/%zz', 400, /application\/json/],
    ];
    for (const [url, status, tipo] of casos) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(tipo);
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    const index = await app.inject('/user/mapa');
    expect(index.body).toContain('<div id="root">');
    // The API docs bring their own policy: no other site may frame them either.
    const docs = await app.inject('/docs/');
    expect(docs.headers['content-security-policy']).toMatch(/frame-ancestors '(none|self)'/);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('login brute force', () => {
  it('per IP: once limited, even the right password is refused (429, pt-BR) and no session is issued', async () => {
    const app = await criarApp({ LOGIN_LIMIT_IP: '3', LOGIN_LIMIT_EMAIL: '100' });
    try {
      for (const email of ['a@rastro.test', 'b@rastro.test', 'c@rastro.test']) {
        expect((await pedirToken(app, email, 'chute-123', { ip: '10.9.0.1' })).statusCode).toBe(400);
      }
      const sessoes = await contar(app, 'sessoes');
      const certa = await pedirToken(app, ADMIN.email, ADMIN.senha, { ip: '10.9.0.1' });
      expect(certa.statusCode).toBe(429);
      expect(certa.json()).toEqual({ error: 'too_many_requests', error_description: MSG.muitasTentativas });
      expect(await contar(app, 'sessoes')).toBe(sessoes);
      // Another address is not held back by this one.
      expect((await pedirToken(app, ADMIN.email, ADMIN.senha, { ip: '10.9.0.2' })).statusCode).toBe(200);
    } finally {
      await app.fechar();
    }
  });

  it('per e-mail and source: a guesser stops itself, never the account owner logging in from elsewhere', async () => {
    const app = await criarApp({ LOGIN_LIMIT_EMAIL: '2', LOGIN_LIMIT_IP: '100' });
    try {
      expect((await pedirToken(app, ADMIN.email, 'chute-1', { ip: '10.9.1.1' })).statusCode).toBe(400);
      expect((await pedirToken(app, ADMIN.email, 'chute-2', { ip: '10.9.1.1' })).statusCode).toBe(400);
      const sessoes = await contar(app, 'sessoes');
      // The guessing source is out of attempts for this e-mail, even with the right password ...
      const doChute = await pedirToken(app, ADMIN.email, ADMIN.senha, { ip: '10.9.1.1' });
      expect(doChute.statusCode).toBe(429);
      expect(doChute.json<{ error_description: string }>().error_description).toBe(MSG.muitasTentativas);
      expect(await contar(app, 'sessoes')).toBe(sessoes);
      // ... and guesses from many more addresses do not lock the owner out.
      for (let i = 2; i < 12; i++) expect((await pedirToken(app, ADMIN.email, `chute-${i}`, { ip: `10.9.2.${i}` })).statusCode).toBe(400);
      expect((await pedirToken(app, ADMIN.email, ADMIN.senha, { ip: '10.9.1.3' })).statusCode).toBe(200);
    } finally {
      await app.fechar();
    }
  });

  it('per e-mail and source: each failure past the third makes that source wait longer', async () => {
    const app = await criarApp({ LOGIN_LIMIT_EMAIL: '10', LOGIN_LIMIT_IP: '100' });
    try {
      for (let i = 0; i < 3; i++) expect((await pedirToken(app, ADMIN.email, `chute-${i}`, { ip: '10.9.3.1' })).statusCode).toBe(400);
      const inicio = Date.now();
      expect((await pedirToken(app, ADMIN.email, 'chute-3', { ip: '10.9.3.1' })).statusCode).toBe(400);
      expect((await pedirToken(app, ADMIN.email, 'chute-4', { ip: '10.9.3.1' })).statusCode).toBe(400);
      // 0.5 s and then 1 s of waiting, at the least.
      expect(Date.now() - inicio).toBeGreaterThanOrEqual(1500);
      // The right password still gets in, after its wait.
      expect((await pedirToken(app, ADMIN.email, ADMIN.senha, { ip: '10.9.3.1' })).statusCode).toBe(200);
    } finally {
      await app.fechar();
    }
  });
});

describe('password reset', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
  beforeAll(async () => {
    smtp = await iniciarSmtp();
    app = await criarApp({ SMTP_URL: smtp.url, RESET_LIMIT_IP: '3', RESET_LIMIT_EMAIL: '50' });
  });
  afterAll(async () => {
    await app.fechar();
    await smtp.fechar();
  });

  const enviarLink = (emailAtual: string, ip: string) =>
    app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual }, remoteAddress: ip });
  const resetar = (token: string, senha: string) =>
    app.inject({ method: 'POST', url: '/users/pass/reseta-senha', payload: { senhaNova: senha, confirmarNovaSenha: senha, token } });

  it('the link is stored only as its SHA-256, nowhere in clear once sent, and works once even when raced', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/users/sign-up', payload: cadastro('dora@rastro.test', 'senha-da-dora-1') })).statusCode,
    ).toBe(201);
    expect((await enviarLink('dora@rastro.test', '10.8.0.1')).statusCode).toBe(200);
    const { token } = linkDeSenha((await smtp.esperar('dora@rastro.test', 'redefinição')).dados);

    const [row] = await consultar<Record<string, unknown>>(
      app.database.db,
      sql`select t.* from senha_tokens t join usuarios u on u.id = t.usuario_id where u.email = 'dora@rastro.test'`,
    );
    expect(row?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // Once delivered, no table (the outbox included) keeps the link in clear.
    await ate(async () => {
      const [e] = await consultar<{ status: string }>(
        app.database.db,
        sql`select status from email_fila where destinatario = 'dora@rastro.test' and assunto like '%redefini%'`,
      );
      return e?.status === 'ENVIADO' ? e : undefined;
    });
    expect(await ondeEsta(app.database.db, token)).toEqual([]);
    expect(await ondeEsta(app.database.db, 'senha-da-dora-1')).toEqual([]);

    // Two tabs submit the same link at once: exactly one wins.
    const [r1, r2] = await Promise.all([resetar(token, 'senha-nova-da-dora-1'), resetar(token, 'senha-nova-da-dora-2')]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 400]);
    const vencedora = r1.statusCode === 200 ? 'senha-nova-da-dora-1' : 'senha-nova-da-dora-2';
    expect((await pedirToken(app, 'dora@rastro.test', vencedora)).statusCode).toBe(200);
  });

  it('per IP: many addresses from one client are limited (429, pt-BR) and nothing is sent', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/users/sign-up', payload: cadastro('edu@rastro.test', 'senha-do-edu-1') })).statusCode,
    ).toBe(201);
    expect((await enviarLink('x1@rastro.test', '10.8.1.1')).statusCode).toBe(200);
    expect((await enviarLink('x2@rastro.test', '10.8.1.1')).statusCode).toBe(200);
    expect((await enviarLink('x3@rastro.test', '10.8.1.1')).statusCode).toBe(200);
    const limitado = await enviarLink('edu@rastro.test', '10.8.1.1');
    expect(limitado.statusCode).toBe(429);
    expect(limitado.json()).toEqual({ status: 429, message: MSG.muitasTentativas });
    expect(await contar(app, 'senha_tokens', sql`usuario_id = (select id from usuarios where email = 'edu@rastro.test')`)).toBe(0);
    expect((await enviarLink('edu@rastro.test', '10.8.1.2')).statusCode).toBe(200);
  });
});

describe('no secret in any JSON answer', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await criarApp();
  });
  afterAll(() => app.fechar());

  /** Every key of a JSON value, with its path. */
  function chaves(v: unknown, onde = '$'): string[] {
    if (Array.isArray(v)) return v.flatMap((x, i) => chaves(x, `${onde}[${i}]`));
    if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [`${onde}.${k}`, ...chaves(x, `${onde}.${k}`)]);
    return [];
  }

  it('a whole journey answers no password, hash or token field, and no secret value', async () => {
    const respostas: [string, LightMyRequestResponse][] = [];
    const chamar = async (rotulo: string, p: InjectOptions) => {
      const res = await app.inject(p);
      respostas.push([rotulo, res]);
      return res;
    };
    const senhaCliente = 'senha-do-cliente-1';
    const signup = await chamar('sign-up', { method: 'POST', url: '/users/sign-up', payload: cadastro('fabi@rastro.test', senhaCliente) });
    const clienteId = signup.json<{ id: number }>().id;
    await chamar('sign-up repetido', { method: 'POST', url: '/users/sign-up', payload: cadastro('fabi@rastro.test', senhaCliente) });
    respostas.push(['login errado', await pedirToken(app, 'fabi@rastro.test', 'errada-123')]);
    const login = await pedirToken(app, 'fabi@rastro.test', senhaCliente);
    expect(login.statusCode).toBe(200);
    const tokenCliente = login.json<{ access_token: string }>().access_token;
    // The one exception: the login answers the session token itself.
    expect(chaves(login.json()).filter((k) => /senha|hash|token/i.test(k))).toEqual(['$.access_token', '$.token_type']);
    const adminToken = await entrar(app);
    const c = bearer(tokenCliente);
    const a = bearer(adminToken);

    await chamar('check_token', {
      method: 'POST',
      url: '/oauth/check_token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicCliente() },
      payload: `token=${tokenCliente}`,
    });
    await chamar('minha conta', { method: 'GET', url: `/users/${clienteId}`, headers: c });
    await chamar('salvar minha conta', {
      method: 'POST',
      url: '/users',
      headers: c,
      payload: {
        cpf: '52998224725',
        rg: '',
        sexo: null,
        telefoneCelular: '11987654321',
        telefoneResidencial: '',
        telefoneComercial: '',
        cep: '',
        logradouro: '',
        numero: '',
        complemento: '',
        bairro: '',
        referencia: '',
        estadoId: null,
        cidadeId: null,
      },
    });
    await chamar('alterar senha errada', {
      method: 'PUT',
      url: '/api/usuarios/alterar-senha',
      headers: c,
      payload: { senhaAtual: 'errada-123', senhaNova: 'outra-senha-1', confirmarNovaSenha: 'outra-senha-1' },
    });
    await chamar('usuarios', { method: 'GET', url: '/api/usuarios?size=50', headers: a });
    await chamar('usuario', { method: 'GET', url: `/api/usuarios/${clienteId}`, headers: a });
    await chamar('conta de outro (PER2)', { method: 'GET', url: `/users/${clienteId}`, headers: a });
    await chamar('emulacao', { method: 'GET', url: `/api/usuarios/${clienteId}/emulacao`, headers: a });
    await chamar('novo usuario', {
      method: 'POST',
      url: '/api/usuarios',
      headers: a,
      payload: {
        nome: 'GIL',
        email: 'gil@rastro.test',
        cpf: '11144477735',
        dataNascimento: null,
        nivelId: 2,
        rg: '',
        sexo: null,
        telefoneCelular: '11987654321',
        telefoneResidencial: '',
        telefoneComercial: '',
        cep: '',
        logradouro: '',
        numero: '',
        complemento: '',
        bairro: '',
        referencia: '',
        estadoId: null,
        cidadeId: null,
      },
    });
    const rastreador = await registrarRastreador(app, a, '359339080000801');
    await chamar('vincular', {
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: c,
      payload: { imei: '359339080000801', descricao: 'LULU', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    await chamar('meus rastreadores', { method: 'GET', url: '/api/usuarios/rastreadores', headers: c });
    await chamar('rastreadores', { method: 'GET', url: '/api/rastreadores', headers: a });
    await chamar('detalhe', { method: 'GET', url: `/api/rastreadores/${rastreador}/detalhe`, headers: a });
    await chamar('chips', { method: 'GET', url: '/api/chips', headers: a });
    await chamar('notificacoes', { method: 'GET', url: '/api/notificacoes', headers: c });
    await chamar('send-link', { method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'fabi@rastro.test' } });
    await chamar('logout', { method: 'GET', url: '/api/logout', headers: c });
    await chamar('depois do logout', { method: 'GET', url: '/api/usuarios/rastreadores', headers: c });

    const db = app.database.db;
    const hashes = await consultar<{ h: string }>(
      db,
      sql`select senha_hash as h from usuarios where senha_hash is not null union all select token_hash from sessoes union all select token_hash from senha_tokens`,
    );
    const segredos = [senhaCliente, ADMIN.senha, tokenCliente, adminToken, ...hashes.map((r) => r.h)];
    for (const [rotulo, res] of respostas) {
      expect(res.headers['content-type'], rotulo).toMatch(/application\/json/);
      expect(
        chaves(res.json()).filter((k) => /senha|hash|token/i.test(k)),
        rotulo,
      ).toEqual([]);
      expect(res.body, rotulo).not.toMatch(/\$argon2/);
      for (const s of segredos) expect(res.body, `${rotulo} mostra um segredo`).not.toContain(s);
    }
    // Stored hashed: neither the password nor the session token is anywhere in the database.
    expect(await ondeEsta(db, senhaCliente)).toEqual([]);
    expect(await ondeEsta(db, tokenCliente)).toEqual([]);
    expect(await ondeEsta(db, sha256(tokenCliente))).toEqual(['sessoes: 1']);
  });
});

describe('no secret in the logs', () => {
  it('at level trace, no line carries a password, a bearer token or a password link', async () => {
    const linhas: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        linhas.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        cb();
      },
    });
    const smtp = await iniciarSmtp();
    const database = await novoBanco();
    const config = loadConfig({
      ...TEST_ENV,
      LOG_LEVEL: 'trace',
      SMTP_URL: smtp.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-data-')),
    });
    const app = Object.assign(await buildApp({ config, database, logger: { level: 'trace', stream } }), {
      database,
      dataDir: config.dataDir,
      fechar: async () => undefined,
    });
    await app.ready();
    try {
      const senha = 'senha-secreta-do-hugo-1';
      const nova = 'senha-nova-do-hugo-22';
      expect((await app.inject({ method: 'POST', url: '/users/sign-up', payload: cadastro('hugo@rastro.test', senha) })).statusCode).toBe(
        201,
      );
      expect(
        (await app.inject({ method: 'POST', url: '/users/sign-up', payload: cadastro('hugo2@rastro.test', 'zq7-kw') })).statusCode,
      ).toBe(400);
      expect((await pedirToken(app, 'hugo@rastro.test', `${senha}-errada`)).statusCode).toBe(400);
      const token = await entrar(app, 'hugo@rastro.test', senha);
      const h = bearer(token);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/oauth/check_token',
            headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicCliente() },
            payload: `token=${token}`,
          })
        ).statusCode,
      ).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores', headers: h })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/chips', headers: h })).statusCode).toBe(403);
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/api/usuarios/alterar-senha',
            headers: h,
            payload: { senhaAtual: `${senha}-errada`, senhaNova: nova, confirmarNovaSenha: nova },
          })
        ).statusCode,
      ).toBe(400);

      expect(
        (await app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'hugo@rastro.test' } })).statusCode,
      ).toBe(200);
      const { token: link } = linkDeSenha((await smtp.esperar('hugo@rastro.test', 'redefinição')).dados);
      // The browser opens the e-mailed link (a route of the web app), then the app checks it.
      await app.inject({ method: 'GET', url: `/auth/alterar-sua-senha/${link}` });
      expect((await app.inject({ method: 'GET', url: `/users/pass/valida-token?token=${link}` })).statusCode).toBe(200);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/users/pass/reseta-senha',
            payload: { senhaNova: nova, confirmarNovaSenha: nova, token: link },
          })
        ).statusCode,
      ).toBe(200);
      const token2 = await entrar(app, 'hugo@rastro.test', nova);
      expect((await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token2) })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token2) })).statusCode).toBe(401);

      // The requests were logged (with their ids and URLs)...
      expect(linhas.some((l) => l.includes('/users/pass/valida-token?token=[Redacted]'))).toBe(true);
      expect(linhas.some((l) => l.includes('/auth/alterar-sua-senha/[Redacted]'))).toBe(true);
      expect(linhas.some((l) => l.includes('/oauth/token'))).toBe(true);
      // ...and no line holds a secret.
      for (const segredo of [senha, nova, 'zq7-kw', token, token2, link, ADMIN.senha, 'segredo-de-teste-do-captcha']) {
        const vazou = linhas.filter((l) => l.includes(segredo));
        expect(vazou, `segredo nos logs: ${segredo}`).toEqual([]);
      }
    } finally {
      await app.close();
      await database.close();
      await smtp.fechar();
    }
  });

  it('a share link or an invitation in the address is censored in the request line, spelled in any way', async () => {
    const linhas: string[] = [];
    const app = await criarApp({}, (l) => linhas.push(l));
    try {
      // Tokens shaped like the real ones (32 random bytes, base64url), one per spelling.
      const token = (n: number) => `tK${String(n).padStart(2, '0')}_segredo-de-link-ou-convite-9f8e7d6c5b4a3`;
      const caminhos: [string, string][] = [
        [`/p/${token(1)}`, '/p/[Redacted]'],
        [`/p/${token(2)}/?utm=zap`, '/p/[Redacted]/?utm=zap'],
        [`/api/publico/links/${token(3)}`, '/api/publico/links/[Redacted]'],
        [`/api/publico/links/${token(4)}/eventos`, '/api/publico/links/[Redacted]/eventos'],
        [`/api/publico/links/${token(11)}/foto?v=0123456789abcdef`, '/api/publico/links/[Redacted]/foto?v=0123456789abcdef'],
        [`/convite/${token(5)}`, '/convite/[Redacted]'],
        [`/api/convites/${token(6)}/aceitar`, '/api/convites/[Redacted]/aceitar'],
        // The router decodes the path: an encoded spelling reaches the same route.
        [`/%70/${token(7)}`, '/%70/[Redacted]'],
        [`/api/publico/%6Cinks/${token(8)}?x=1`, '/api/publico/%6Cinks/[Redacted]?x=1'],
        [`/api/convites/${token(9).slice(0, 10)}%2F${token(9).slice(10)}/aceitar`, '/api/convites/[Redacted]/aceitar'],
        [`//convite//${token(10)}`, '//convite//[Redacted]'],
      ];
      for (const [url] of caminhos) await app.inject({ method: url.includes('aceitar') ? 'POST' : 'GET', url });
      for (const [url, censurada] of caminhos) {
        expect(
          linhas.some((l) => l.includes(`"url":"${censurada}"`)),
          url,
        ).toBe(true);
      }
      // Every token ends the same way: no line holds any of them.
      expect(linhas.filter((l) => l.includes(token(0).slice(4)))).toEqual([]);
    } finally {
      await app.fechar();
    }
  });
});
