import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MSG } from '@rastro/shared/messages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db/client';
import { criarCliente } from '../apoio/fixtures';
import { bearer, criarApp, pedirToken, type TestApp } from '../apoio/helpers';
import { TEST_ENV } from '../apoio/test-env';

/**
 * Issue #31, item 10: with DATABASE_URL the security limits (login, password reset, sign-up,
 * password change, linking by IMEI, the public link routes) hold across instances. Two apps on the
 * same PostgreSQL database, each with its own pool, as two processes behind a load balancer: hits
 * split between them are refused past the limit, not past N × the limit. PostgreSQL only (on PGlite
 * there is one process, and the limits live in it).
 */
const LIMITES = {
  LOGIN_LIMIT_IP: '4',
  LOGIN_LIMIT_EMAIL: '2',
  RESET_LIMIT_IP: '100',
  RESET_LIMIT_EMAIL: '2',
  SIGNUP_LIMIT_IP: '2',
  SIGNUP_LIMIT_EMAIL: '100',
  VINCULO_LIMIT_USUARIO: '2',
  PUBLICO_LIMIT_IP: '4',
};

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  if (!inject('pgUrl')) return;
  a = await criarApp(LIMITES);
  const url = a.database.url;
  if (!url) throw new Error('sem URL do banco');
  // The second instance: its own pool and its own process state, the same database.
  const database = await openPostgres(url, 4);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-data-'));
  const outra = await buildApp({ config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...LIMITES }), database, logger: false });
  await outra.ready();
  b = Object.assign(outra, {
    database: Object.assign(database, { url }),
    dataDir,
    async fechar() {
      await outra.close();
      await database.close();
    },
  });
});
afterAll(async () => {
  await b?.fechar();
  await a?.fechar();
});

/** The status codes of `n` requests made in turn on A, B, A, B… */
async function alternando(n: number, pedir: (app: TestApp, i: number) => Promise<{ statusCode: number }>) {
  const codigos = [];
  for (let i = 0; i < n; i++) codigos.push((await pedir(i % 2 === 0 ? a : b, i)).statusCode);
  return codigos;
}

describe.runIf(inject('pgUrl'))('security limits shared by the instances of one PostgreSQL database', () => {
  it('login per IP: LOGIN_LIMIT_IP attempts split across instances, then 429 on both', async () => {
    const codigos = await alternando(6, (app, i) => pedirToken(app, `ninguem${i}@rastro.test`, 'chute-123', { ip: '10.31.0.1' }));
    expect(codigos).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('login per e-mail and source: LOGIN_LIMIT_EMAIL failures across instances, then 429 (pt-BR); a success resets it everywhere', async () => {
    const email = 'alvo@rastro.test';
    const codigos = await alternando(3, (app) => pedirToken(app, email, 'chute-123', { ip: '10.31.0.2' }));
    expect(codigos).toEqual([400, 400, 429]);
    const recusa = await pedirToken(a, email, 'chute-123', { ip: '10.31.0.2' });
    expect(recusa.json()).toEqual({ error: 'too_many_requests', error_description: MSG.muitasTentativas });

    // The owner logs in on A after one failure on B: B counts from zero again.
    const dono = await criarCliente(a);
    expect((await pedirToken(b, dono.email, 'chute-123', { ip: '10.31.0.3' })).statusCode).toBe(400);
    expect((await pedirToken(a, dono.email, dono.senha, { ip: '10.31.0.3' })).statusCode).toBe(200);
    expect(await alternando(3, (app) => pedirToken(app, dono.email, 'chute-123', { ip: '10.31.0.3' }))).toEqual([400, 400, 429]);
  });

  it('password reset per e-mail: RESET_LIMIT_EMAIL links across instances, then 429', async () => {
    const pedir = (app: TestApp) =>
      app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'reset@rastro.test' } });
    expect(await alternando(4, pedir)).toEqual([200, 200, 429, 429]);
    expect((await pedir(b)).json()).toEqual({ status: 429, message: MSG.muitasTentativas });
  });

  it('sign-up per IP: SIGNUP_LIMIT_IP across instances, then 429', async () => {
    const pedir = (app: TestApp, i: number) =>
      app.inject({
        method: 'POST',
        url: '/users/sign-up',
        remoteAddress: '10.31.0.4',
        payload: { nome: 'Maria da Silva', email: `cadastro${i}@rastro.test`, telefoneCelular: '11987654321', senha: 'minha-senha-1' },
      });
    expect(await alternando(4, pedir)).toEqual([201, 201, 429, 429]);
  });

  it('password change per user: wrong current passwords across instances, then 429', async () => {
    const u = await criarCliente(a);
    const pedir = (app: TestApp) =>
      app.inject({
        method: 'PUT',
        url: '/api/usuarios/alterar-senha',
        headers: bearer(u.token),
        payload: { senhaAtual: 'nao-e-esta-1', senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-123' },
      });
    expect(await alternando(3, pedir)).toEqual([400, 400, 429]);
  });

  it('linking by IMEI per user: VINCULO_LIMIT_USUARIO wrong tries across instances, then 429', async () => {
    const u = await criarCliente(a);
    const pedir = (app: TestApp, i: number) =>
      app.inject({
        method: 'POST',
        url: '/api/usuarios/rastreadores',
        headers: bearer(u.token),
        payload: { imei: `35933908310000${i}`, descricao: 'thor', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
      });
    expect(await alternando(4, pedir)).toEqual([400, 400, 429, 429]);
  });

  it('public link routes per IP: PUBLICO_LIMIT_IP requests across instances, then 429 with Retry-After; each route its own count', async () => {
    const pedir = (app: TestApp, i: number) =>
      app.inject({ method: 'GET', url: `/api/publico/links/${String(i).repeat(43)}`, remoteAddress: '203.0.113.31' });
    expect(await alternando(6, pedir)).toEqual([404, 404, 404, 404, 429, 429]);
    const recusa = await pedir(b, 7);
    expect(recusa.json()).toEqual({ status: 429, message: MSG.muitasTentativas });
    expect(Number(recusa.headers['retry-after'])).toBeGreaterThan(0);
    const fluxo = (app: TestApp, i: number) =>
      app.inject({ method: 'GET', url: `/api/publico/links/${String(i).repeat(43)}/eventos`, remoteAddress: '203.0.113.31' });
    expect(await alternando(5, fluxo)).toEqual([404, 404, 404, 404, 429]);
    // Another address is not held back.
    expect((await a.inject({ method: 'GET', url: `/api/publico/links/${'z'.repeat(43)}`, remoteAddress: '203.0.113.32' })).statusCode).toBe(
      404,
    );
  });
  it('fails closed: when the limit cannot be counted, a right password gets an error, never a session', async () => {
    const dono = await criarCliente(a);
    await a.database.db.execute(sql`alter table limite_janelas rename to limite_janelas_fora`);
    try {
      const res = await pedirToken(a, dono.email, dono.senha, { ip: '10.31.0.5' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: 'server_error', error_description: MSG.erroInterno });
    } finally {
      await a.database.db.execute(sql`alter table limite_janelas_fora rename to limite_janelas`);
    }
    expect((await pedirToken(a, dono.email, dono.senha, { ip: '10.31.0.5' })).statusCode).toBe(200);
  });
});
