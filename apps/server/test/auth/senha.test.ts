import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { consultar } from '../../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, criarApp, entrar, pedirToken, type TestApp } from '../apoio/helpers';
import { assunto, decodificar, iniciarSmtp, linkDeSenha } from '@rastro/testes/smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
beforeAll(async () => {
  smtp = await iniciarSmtp();
  app = await criarApp({ SMTP_URL: smtp.url, RESET_LIMIT_EMAIL: '50', RESET_LIMIT_IP: '50' });
});
afterAll(async () => {
  await app.fechar();
  await smtp.fechar();
});

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const enviarLink = (emailAtual: unknown, ip?: string) =>
  app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual }, ...(ip ? { remoteAddress: ip } : {}) });
const validar = (token: string) => app.inject({ method: 'GET', url: `/users/pass/valida-token?token=${encodeURIComponent(token)}` });
const resetar = (body: Record<string, string>) => app.inject({ method: 'POST', url: '/users/pass/reseta-senha', payload: body });

async function cadastrar(email: string, senha = 'senha-inicial-1') {
  const res = await app.inject({
    method: 'POST',
    url: '/users/sign-up',
    payload: { nome: 'Dona Ana', email, telefoneCelular: '11987654321', senha },
  });
  expect(res.statusCode).toBe(201);
}

describe('forgot password → e-mailed link → new password', () => {
  it('sends a single-use 72 h link that sets the new password and ends old sessions', async () => {
    await cadastrar('ana@rastro.test');
    const sessaoAntiga = await entrar(app, 'ana@rastro.test', 'senha-inicial-1');

    const res = await enviarLink('ANA@rastro.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Redefinição de senha enviada para o e-mail.' });

    const email = await smtp.esperar('ana@rastro.test', 'redefinição');
    expect(assunto(email.dados)).toBe('Rastro — redefinição de senha');
    expect(decodificar(email.dados)).toContain('Ele vale por 72 horas e só pode ser usado uma vez.');
    const { link, token } = linkDeSenha(email.dados);
    expect(link).toBe(`http://rastro.test/auth/alterar-sua-senha/${token}`);

    // Stored hashed, valid for 72 hours.
    const rows = await consultar(
      app.database.db,
      sql`select token_hash, round(extract(epoch from (expira_em - criado_em)) / 3600) as horas from senha_tokens where token_hash = ${sha256(token)}`,
    );
    expect(rows).toEqual([{ token_hash: sha256(token), horas: '72' }]);

    expect((await validar(token)).json()).toEqual({ valido: true });

    const ok = await resetar({ senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-123', token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Senha alterada com sucesso. Volte para o login e acesse novamente.' });

    expect((await pedirToken(app, 'ana@rastro.test', 'senha-inicial-1')).statusCode).toBe(400);
    expect((await pedirToken(app, 'ana@rastro.test', 'senha-nova-123')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(sessaoAntiga) })).statusCode).toBe(401);

    // Used once: the same link is now refused, for checking and for setting.
    const usado = await validar(token);
    expect(usado.statusCode).toBe(400);
    expect(usado.json()).toEqual({
      status: 400,
      message: 'O link de redefinição de senha expirou (ele vale 72 horas) ou já foi utilizado.',
    });
    expect((await resetar({ senhaNova: 'outra-senha-12', confirmarNovaSenha: 'outra-senha-12', token })).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    await cadastrar('bia@rastro.test');
    await enviarLink('bia@rastro.test');
    const { token } = linkDeSenha((await smtp.esperar('bia@rastro.test', 'redefinição')).dados);
    await app.database.db.execute(sql`update senha_tokens set expira_em = now() - interval '1 second' where token_hash = ${sha256(token)}`);
    expect((await validar(token)).statusCode).toBe(400);
    expect((await resetar({ senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-123', token })).statusCode).toBe(400);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await enviarLink('ninguem@rastro.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Redefinição de senha enviada para o e-mail.' });
    const rows = await consultar(
      app.database.db,
      sql`select count(*)::int as n from email_fila where destinatario = 'ninguem@rastro.test'`,
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('validates the e-mail field in pt-BR', async () => {
    const invalido = await enviarLink('nao-e-email');
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json()).toEqual({
      status: 400,
      message: 'E-mail inválido.',
      errors: [{ campo: 'emailAtual', message: 'E-mail inválido.' }],
    });
    const vazio = await enviarLink('');
    expect(vazio.json<{ errors: unknown }>().errors).toEqual([{ campo: 'emailAtual', message: 'Campo obrigatório.' }]);
    const ausente = await app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: {} });
    expect(ausente.json<{ errors: unknown }>().errors).toEqual([{ campo: 'emailAtual', message: 'Campo obrigatório.' }]);
  });

  it('checks the new password and its confirmation', async () => {
    const curta = await resetar({ senhaNova: 'curta', confirmarNovaSenha: 'curta', token: 'x' });
    expect(curta.json<{ errors: unknown }>().errors).toEqual([{ campo: 'senhaNova', message: 'Escolha uma senha mais longa' }]);
    const diferente = await resetar({ senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-124', token: 'x' });
    expect(diferente.json<{ errors: unknown }>().errors).toEqual([{ campo: 'confirmarNovaSenha', message: 'As senhas não correspondem' }]);
    const invalido = await resetar({ senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-123', token: 'inexistente' });
    expect(invalido.statusCode).toBe(400);
  });

  it('limits requests per e-mail with a pt-BR 429', async () => {
    const limitado = await criarApp({ RESET_LIMIT_EMAIL: '2' });
    try {
      expect(
        (await limitado.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'x@rastro.test' } })).statusCode,
      ).toBe(200);
      expect(
        (await limitado.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'x@rastro.test' } })).statusCode,
      ).toBe(200);
      const res = await limitado.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'x@rastro.test' } });
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: 429, message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' });
    } finally {
      await limitado.fechar();
    }
  });
});

describe('PUT /api/usuarios/alterar-senha', () => {
  const alterar = (token: string, body: Record<string, string>) =>
    app.inject({ method: 'PUT', url: '/api/usuarios/alterar-senha', headers: bearer(token), payload: body });

  it('refuses a wrong current password on the senhaAtual field', async () => {
    const token = await entrar(app);
    const res = await alterar(token, { senhaAtual: 'errada', senhaNova: 'senha-nova-123', confirmarNovaSenha: 'senha-nova-123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'A senha atual está incorreta.',
      errors: [{ campo: 'senhaAtual', message: 'A senha atual está incorreta.' }],
    });
  });

  it('validates required fields, length and confirmation', async () => {
    const token = await entrar(app);
    const vazio = await alterar(token, { senhaAtual: '', senhaNova: '', confirmarNovaSenha: '' });
    expect(vazio.json<{ errors: unknown }>().errors).toEqual(
      expect.arrayContaining([
        { campo: 'senhaAtual', message: 'Campo obrigatório.' },
        { campo: 'senhaNova', message: 'Campo obrigatório.' },
        { campo: 'confirmarNovaSenha', message: 'Campo obrigatório.' },
      ]),
    );
    const longa = await alterar(token, { senhaAtual: ADMIN.senha, senhaNova: 'x'.repeat(81), confirmarNovaSenha: 'x'.repeat(81) });
    expect(longa.json<{ errors: unknown }>().errors).toEqual([{ campo: 'senhaNova', message: 'Máximo de 80 caracteres.' }]);
    const diferente = await alterar(token, { senhaAtual: ADMIN.senha, senhaNova: 'senha-nova-123', confirmarNovaSenha: 'outra' });
    expect(diferente.json<{ errors: unknown }>().errors).toEqual([{ campo: 'confirmarNovaSenha', message: 'As senhas não correspondem' }]);
  });

  it('requires a session', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/usuarios/alterar-senha',
      payload: { senhaAtual: 'a', senhaNova: 'b', confirmarNovaSenha: 'b' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('changes the password and ends every session', async () => {
    await cadastrar('caio@rastro.test', 'senha-do-caio-1');
    const a = await entrar(app, 'caio@rastro.test', 'senha-do-caio-1');
    const b = await entrar(app, 'caio@rastro.test', 'senha-do-caio-1');
    const res = await alterar(a, { senhaAtual: 'senha-do-caio-1', senhaNova: 'senha-do-caio-2', confirmarNovaSenha: 'senha-do-caio-2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Senha alterada com sucesso. Volte para o login e acesse novamente.' });
    for (const t of [a, b]) expect((await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(t) })).statusCode).toBe(401);
    expect((await pedirToken(app, 'caio@rastro.test', 'senha-do-caio-1')).statusCode).toBe(400);
    expect((await pedirToken(app, 'caio@rastro.test', 'senha-do-caio-2')).statusCode).toBe(200);
  });
});
