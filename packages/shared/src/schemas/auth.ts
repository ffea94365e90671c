import * as z from '@rastro/shared/zod';
import { LIMITES } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import { nomeado } from './common';
import { celularObrigatorio, emailObrigatorio, obrigatorio, senhaNova } from './fields';

// ---- Login -------------------------------------------------------------------------------

/** The login form (spec §5): e-mail required and valid, max 80; password required, max 255. */
export const loginFormSchema = z.object({
  email: emailObrigatorio(LIMITES.loginEmail),
  password: z
    .string({ error: MSG.campoObrigatorio })
    .check(z.minLength(1, MSG.campoObrigatorio), z.maxLength(LIMITES.loginSenha, maxCaracteres(LIMITES.loginSenha))),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /oauth/token, form-encoded. Field rules are checked in the service to answer OAuth errors. */
export const tokenRequestSchema = nomeado(
  'TokenRequest',
  z.object({
    grant_type: z.optional(z.string()),
    username: z.optional(z.string()),
    password: z.optional(z.string()),
    'g-recaptcha-response': z.optional(z.string()),
  }),
);

/** Who is logged in: what /oauth/token and /oauth/check_token tell the web app. */
export const sessaoUsuarioSchema = z.object({
  usuarioId: z.int(),
  nome: z.string(),
  email: z.string(),
  authorities: z.array(z.string()),
  isClient: z.boolean(),
});
export type SessaoUsuario = z.infer<typeof sessaoUsuarioSchema>;

export const tokenResponseSchema = nomeado(
  'TokenResponse',
  z.extend(sessaoUsuarioSchema, {
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.int(),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const checkTokenRequestSchema = z.object({ token: z.optional(z.string()) });
export const checkTokenResponseSchema = nomeado(
  'CheckTokenResponse',
  z.extend(sessaoUsuarioSchema, { active: z.literal(true), exp: z.int() }),
);
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

// ---- Password reset ----------------------------------------------------------------------

export const enviarSenhaTokenSchema = z.object({ emailAtual: emailObrigatorio(LIMITES.loginEmail) });
export type EnviarSenhaToken = z.infer<typeof enviarSenhaTokenSchema>;
export const enviarSenhaTokenResponseSchema = z.object({ message: z.string() });

export const validaTokenQuerySchema = z.object({ token: obrigatorio(200) });
export const validaTokenResponseSchema = z.object({ valido: z.literal(true) });

/** The object's rule: the confirmation repeats the new password. */
const confirmarSenhas = () =>
  z.refine<{ senhaNova: string; confirmarNovaSenha: string }>((d) => d.senhaNova === d.confirmarNovaSenha, {
    error: MSG.senhasNaoCorrespondem,
    path: ['confirmarNovaSenha'],
  });
/** The confirmation field: required; that it matches is the object's rule. */
const confirmarNovaSenha = () => z.string({ error: MSG.campoObrigatorio }).check(z.minLength(1, MSG.campoObrigatorio));

/** The set-new-password form (from the e-mailed link). */
export const novaSenhaFormSchema = z.object({ senhaNova: senhaNova(), confirmarNovaSenha: confirmarNovaSenha() }).check(confirmarSenhas());
export type NovaSenhaForm = z.infer<typeof novaSenhaFormSchema>;

export const resetaSenhaSchema = z
  .object({ senhaNova: senhaNova(), confirmarNovaSenha: confirmarNovaSenha(), token: obrigatorio(200) })
  .check(confirmarSenhas());
export type ResetaSenha = z.infer<typeof resetaSenhaSchema>;

// ---- Change own password -----------------------------------------------------------------

export const alterarSenhaSchema = z
  .object({
    senhaAtual: z.string({ error: MSG.campoObrigatorio }).check(z.minLength(1, MSG.campoObrigatorio), z.maxLength(LIMITES.loginSenha)),
    senhaNova: senhaNova(),
    confirmarNovaSenha: confirmarNovaSenha(),
  })
  .check(confirmarSenhas());
export type AlterarSenha = z.infer<typeof alterarSenhaSchema>;

export const mensagemSchema = z.object({ message: z.string() });

// ---- Sign-up -----------------------------------------------------------------------------

/**
 * Sign-up (spec §5). The spec's "senha max 8" is read as the minimum (docs/ARCHITECTURE.md §8): 8 to 80 characters.
 */
export const cadastroSchema = z.object({
  nome: obrigatorio(LIMITES.cadastroNome),
  email: emailObrigatorio(LIMITES.cadastroEmail),
  telefoneCelular: celularObrigatorio(),
  senha: senhaNova(),
  /** Signing up through a co-guardian invite (/convite/<token>): the new account is linked to that pet. */
  convite: z.optional(z.string().check(z.maxLength(100, MSG.conviteNaoEncontrado))),
});
export type Cadastro = z.infer<typeof cadastroSchema>;
export const cadastroResponseSchema = z.object({ id: z.int(), nome: z.string(), email: z.string() });
