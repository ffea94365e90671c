import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NIVEL_CLIENTE } from '../../src/modules/usuarios/seed';
import { enviarPrimeiroAcesso } from '../../src/modules/auth/senha-service';
import { idDoNivel, inserir } from '../../src/modules/usuarios/repository';
import { criarApp, pedirToken, type TestApp } from '../apoio/helpers';
import { assunto, decodificar, iniciarSmtp, linkDeSenha } from '@rastro/testes/smtp';

let app: TestApp;
let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
beforeAll(async () => {
  smtp = await iniciarSmtp();
  app = await criarApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app.fechar();
  await smtp.fechar();
});

describe('first access of a user created by an administrator', () => {
  it('e-mails a link (never a password) that lets the user choose one and log in', async () => {
    const nivelId = await idDoNivel(app.database.db, NIVEL_CLIENTE);
    if (nivelId === undefined) throw new Error('sem nível Cliente');
    await app.database.db.transaction(async (tx) => {
      const u = await inserir(tx, { nome: 'NOVO DONO', email: 'novo@rastro.test', nivelId });
      await enviarPrimeiroAcesso(app, tx, u.id);
    });
    app.emails.kick();

    const email = await smtp.esperar('novo@rastro.test');
    expect(assunto(email.dados)).toBe('Rastro — crie sua senha de acesso');
    expect(decodificar(email.dados)).toContain('Usuário (e-mail): novo@rastro.test');
    const { token } = linkDeSenha(email.dados);

    // No password yet: login fails like any wrong password.
    expect((await pedirToken(app, 'novo@rastro.test', 'qualquer-senha')).statusCode).toBe(400);
    const res = await app.inject({
      method: 'POST',
      url: '/users/pass/reseta-senha',
      payload: { senhaNova: 'minha-primeira-1', confirmarNovaSenha: 'minha-primeira-1', token },
    });
    expect(res.statusCode).toBe(200);
    expect((await pedirToken(app, 'novo@rastro.test', 'minha-primeira-1')).statusCode).toBe(200);
  });
});
