import { describe, expect, it } from 'vitest';
import { alterarSenhaSchema, loginFormSchema, cadastroSchema } from './auth';

const mensagens = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('auth schemas', () => {
  it('login: required, valid e-mail, length limits', () => {
    expect(mensagens(loginFormSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Campo obrigatório.',
      password: 'Campo obrigatório.',
    });
    expect(mensagens(loginFormSchema.safeParse({ email: 'x', password: 'a' }))).toEqual({ email: 'E-mail inválido.' });
    expect(mensagens(loginFormSchema.safeParse({ email: `${'a'.repeat(75)}@x.com`, password: 'a'.repeat(256) }))).toEqual({
      email: 'Máximo de 80 caracteres.',
      password: 'Máximo de 255 caracteres.',
    });
  });

  it('sign-up: password of 8 to 80 characters (the spec\'s "max 8" read as the minimum)', () => {
    const base = { nome: 'Ana', email: 'ana@rastro.com', telefoneCelular: '(11) 9 8765-4321' };
    expect(mensagens(cadastroSchema.safeParse({ ...base, senha: '1234567' }))).toEqual({ senha: 'Escolha uma senha mais longa' });
    expect(cadastroSchema.safeParse({ ...base, senha: '12345678' }).success).toBe(true);
    expect(mensagens(cadastroSchema.safeParse({ ...base, senha: 'a'.repeat(81) }))).toEqual({ senha: 'Máximo de 80 caracteres.' });
  });

  it('change password: confirmation must match', () => {
    expect(mensagens(alterarSenhaSchema.safeParse({ senhaAtual: 'a', senhaNova: '12345678', confirmarNovaSenha: '12345679' }))).toEqual({
      confirmarNovaSenha: 'As senhas não correspondem',
    });
  });
});
