import { sql } from 'drizzle-orm';
import { consultar } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarApp, pedirToken, type TestApp } from '../apoio/helpers';
import { assunto, decodificar, iniciarSmtp } from '@rastro/testes/smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
beforeAll(async () => {
  smtp = await iniciarSmtp();
  app = await criarApp({ SMTP_URL: smtp.url, SIGNUP_LIMIT_IP: '100' });
});
afterAll(async () => {
  await app.fechar();
  await smtp.fechar();
});

const cadastro = (payload: Record<string, unknown>, ip?: string) =>
  app.inject({ method: 'POST', url: '/users/sign-up', payload, ...(ip ? { remoteAddress: ip } : {}) });
const valido = { nome: 'Maria da Silva', email: 'Maria@Rastro.test', telefoneCelular: '(11) 9 8765-4321', senha: 'minha-senha-1' };

describe('POST /users/sign-up', () => {
  it('creates a Cliente, sends the welcome e-mail and lets the user log in as a client', async () => {
    const res = await cadastro(valido);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number) as number, nome: 'MARIA DA SILVA', email: 'maria@rastro.test' });
    expect(res.body).not.toMatch(/senha|hash/i);

    const rows = await consultar(
      app.database.db,
      sql`select u.telefone_celular, u.situacao, n.nome as nivel, u.senha_hash from usuarios u join niveis n on n.id = u.nivel_id where u.email = 'maria@rastro.test'`,
    );
    const row = rows[0] as { telefone_celular: string; situacao: boolean; nivel: string; senha_hash: string };
    expect(row).toMatchObject({ telefone_celular: '11987654321', situacao: true, nivel: 'Cliente' });
    expect(row.senha_hash).toMatch(/^\$argon2id\$/);

    const email = await smtp.esperar('maria@rastro.test', 'Bem-vindo');
    expect(assunto(email.dados)).toBe('Bem-vindo(a) ao Rastro — seus dados de acesso');
    const texto = decodificar(email.dados);
    expect(texto).toContain('Usuário (e-mail): maria@rastro.test');
    expect(texto).toContain('http://rastro.test/auth/login');
    expect(texto).not.toContain('minha-senha-1');

    const login = await pedirToken(app, 'maria@rastro.test', 'minha-senha-1');
    expect(login.json()).toMatchObject({ isClient: true, authorities: [] });
  });

  it('refuses an e-mail already registered, in any letter case', async () => {
    await cadastro({ ...valido, email: 'joao@rastro.test' });
    const res = await cadastro({ ...valido, email: 'JOAO@rastro.test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 409,
      message: 'Este e-mail já está cadastrado.',
      errors: [{ campo: 'email', message: 'Este e-mail já está cadastrado.' }],
    });
  });

  it('validates every field with the catalogue messages', async () => {
    const vazio = await cadastro({ nome: '', email: '', telefoneCelular: '', senha: '' });
    expect(vazio.statusCode).toBe(400);
    expect(vazio.json<{ errors: unknown }>().errors).toEqual([
      { campo: 'nome', message: 'Campo obrigatório.' },
      { campo: 'email', message: 'Campo obrigatório.' },
      { campo: 'telefoneCelular', message: 'Campo obrigatório.' },
      { campo: 'senha', message: 'Campo obrigatório.' },
    ]);
    const ruins = await cadastro({ nome: 'x'.repeat(81), email: 'nao-e-email', telefoneCelular: '1234', senha: 'curta' });
    expect(ruins.json<{ errors: unknown }>().errors).toEqual([
      { campo: 'nome', message: 'Máximo de 80 caracteres.' },
      { campo: 'email', message: 'E-mail inválido.' },
      { campo: 'telefoneCelular', message: 'Campo inválido.' },
      { campo: 'senha', message: 'Escolha uma senha mais longa' },
    ]);
    const tipos = await cadastro({ nome: 1, email: null, telefoneCelular: [], senha: {} });
    expect(tipos.statusCode).toBe(400);
    expect(tipos.json<{ message: string }>().message).toBe('Campo obrigatório.');
  });

  it('answers malformed JSON and oversized bodies with the error shape', async () => {
    const quebrado = await app.inject({
      method: 'POST',
      url: '/users/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"nome":',
    });
    expect(quebrado.statusCode).toBe(400);
    expect(quebrado.json()).toEqual({ status: 400, message: 'Requisição inválida.' });
    const grande = await app.inject({
      method: 'POST',
      url: '/users/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nome: 'x'.repeat(2_000_000) }),
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toEqual({ status: 413, message: 'A requisição é grande demais.' });
  });

  it('stores markup and SQL-looking text inertly', async () => {
    const nome = `<script>alert(1)</script>'; drop table usuarios; --`;
    const res = await cadastro({ ...valido, email: 'inerte@rastro.test', nome });
    expect(res.statusCode).toBe(201);
    expect(res.json<{ nome: string }>().nome).toBe(nome.toUpperCase());
    const rows = await consultar(app.database.db, sql`select count(*)::int as n from usuarios`);
    expect((rows[0] as { n: number }).n).toBeGreaterThan(1);
  });

  it('limits attempts per e-mail', async () => {
    const limitado = await criarApp({ SIGNUP_LIMIT_EMAIL: '2' });
    try {
      const tentar = (ip: string) =>
        limitado.inject({ method: 'POST', url: '/users/sign-up', payload: { ...valido, email: 'mesmo@rastro.test' }, remoteAddress: ip });
      expect((await tentar('10.1.0.1')).statusCode).toBe(201);
      expect((await tentar('10.1.0.2')).statusCode).toBe(409);
      expect((await tentar('10.1.0.3')).statusCode).toBe(429);
    } finally {
      await limitado.fechar();
    }
  });

  it('limits sign-ups per IP', async () => {
    const limitado = await criarApp({ SIGNUP_LIMIT_IP: '1' });
    try {
      const a = await limitado.inject({ method: 'POST', url: '/users/sign-up', payload: { ...valido, email: 'a1@rastro.test' } });
      expect(a.statusCode).toBe(201);
      const b = await limitado.inject({ method: 'POST', url: '/users/sign-up', payload: { ...valido, email: 'a2@rastro.test' } });
      expect(b.statusCode).toBe(429);
      expect(b.json<{ message: string }>().message).toBe('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
    } finally {
      await limitado.fechar();
    }
  });
});
