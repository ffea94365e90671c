import { readFile } from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPglite, openPostgres, type Database } from '../../src/db/client';
import { ADMIN, TEST_ENV } from './test-env';

export { ADMIN };

/** A fresh database for one test file, copied from the run's template. */
export async function novoBanco(): Promise<Database & { url?: string; urlLeitura?: string }> {
  const pgUrl = inject('pgUrl');
  const pgTemplate = inject('pgTemplate');
  if (pgUrl && pgTemplate) {
    const nome = `rastro_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${nome} template ${pgTemplate}`);
    const u = new URL(pgUrl);
    u.pathname = `/${nome}`;
    // The whole cluster streams to the replica: the same database is there, on its server.
    const leitura = inject('pgUrlLeitura');
    const r = leitura ? new URL(leitura) : undefined;
    if (r) r.pathname = `/${nome}`;
    const db = Object.assign(await openPostgres(u.toString(), 4), { url: u.toString(), ...(r ? { urlLeitura: r.toString() } : {}) });
    const close = db.close.bind(db);
    db.close = async () => {
      await close();
      await admin.query(`drop database if exists ${nome} with (force)`).catch(() => undefined);
      await admin.end();
    };
    return db;
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('global-setup não forneceu o template');
  return openPglite(undefined, new Blob([await readFile(file)]));
}

export type TestApp = Awaited<ReturnType<typeof criarApp>>;

/**
 * A real app on a fresh database; `env` overrides the test environment. `log` receives the
 * app's log lines (at info), for tests of what is logged. `gateway`: with the TOPIN gateway, as main.ts runs it.
 */
export async function criarApp(env: Record<string, string> = {}, log?: (linha: string) => void, { gateway = false } = {}) {
  const database = await novoBanco();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-data-'));
  // With the run's replica (TEST_DATABASE_URL_LEITURA), this database's copy there serves dbLeitura.
  // Causal reads: a test that writes and then reads a replica route sees its write.
  const replica: Record<string, string> = database.urlLeitura
    ? { DATABASE_URL_LEITURA: database.urlLeitura, REPLICA_LEITURA_CAUSAL: 'true' }
    : {};
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...replica, ...env });
  const logger = log ? { level: 'info', stream: { write: log } } : false;
  const app = await buildApp({ config, database, logger, gateway });
  await app.ready();
  return Object.assign(app, {
    database,
    dataDir,
    async fechar() {
      await app.close();
      await database.close();
    },
  });
}

/** Solves a real ALTCHA challenge of the app, as the widget does, and returns its payload. */
export async function resolverCaptcha(app: TestApp): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/desafio' });
  const challenge = res.json<Parameters<typeof solveChallenge>[0]['challenge']>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha não resolvido');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export const basicCliente = (id = 'rastro-web', secret = 'rastro-web-secret') =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

export async function pedirToken(app: TestApp, email: string, senha: string, opts: { captcha?: string | null; ip?: string } = {}) {
  const captcha = opts.captcha === undefined ? await resolverCaptcha(app) : opts.captcha;
  const form = new URLSearchParams({ grant_type: 'password', username: email, password: senha });
  if (captcha !== null) form.set('g-recaptcha-response', captcha);
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { authorization: basicCliente(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
}

/** Logs in and returns the bearer token (fails the test otherwise). */
export async function entrar(app: TestApp, email = ADMIN.email, senha = ADMIN.senha): Promise<string> {
  const res = await pedirToken(app, email, senha);
  if (res.statusCode !== 200) throw new Error(`login falhou: ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
