import { z } from 'zod';
import { LIMITES } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import { celularObrigatorio, emailObrigatorio, obrigatorio, senhaNova } from './fields';

// ---- Login -------------------------------------------------------------------------------

/** The login form (spec §5): e-mail required and valid, max 80; password required, max 255. */
export const loginFormSchema = z.object({
  email: emailObrigatorio(LIMITES.loginEmail),
  password: z
    .string({ error: MSG.campoObrigatorio })
    .min(1, MSG.campoObrigatorio)
    .max(LIMITES.loginSenha, maxCaracteres(LIMITES.loginSenha)),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** POST /oauth/token, form-encoded. Field rules are checked in the service to answer OAuth errors. */
export const tokenRequestSchema = z
  .object({
    grant_type: z.string().optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    'g-recaptcha-response': z.string().optional(),
  })
  .meta({ id: 'TokenRequest' });

/** Who is logged in: what /oauth/token and /oauth/check_token tell the web app. */
export const sessaoUsuarioSchema = z.object({
  usuarioId: z.number().int(),
  nome: z.string(),
  email: z.string(),
  authorities: z.array(z.string()),
  isClient: z.boolean(),
});
export type SessaoUsuario = z.infer<typeof sessaoUsuarioSchema>;

export const tokenResponseSchema = sessaoUsuarioSchema
  .extend({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number().int(),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const checkTokenRequestSchema = z.object({ token: z.string().optional() });
export const checkTokenResponseSchema = sessaoUsuarioSchema
  .extend({ active: z.literal(true), exp: z.number().int() })
  .meta({ id: 'CheckTokenResponse' });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

// ---- Password reset ----------------------------------------------------------------------

export const sendLinkSchema = z.object({ emailAtual: emailObrigatorio(LIMITES.loginEmail) });
export type SendLinkForm = z.infer<typeof sendLinkSchema>;
export const sendLinkResponseSchema = z.object({ message: z.string() });

export const validaTokenQuerySchema = z.object({ token: obrigatorio(200) });
export const validaTokenResponseSchema = z.object({ valido: z.literal(true) });

const confirmacao = <T extends { senhaNova: string; confirmarNovaSenha: string }>(d: T) =>
  d.senhaNova === d.confirmarNovaSenha;
const confirmacaoErro = { error: MSG.senhasNaoCorrespondem, path: ['confirmarNovaSenha'] };

/** The set-new-password form (from the e-mailed link). */
export const novaSenhaFormSchema = z
  .object({
    senhaNova: senhaNova(),
    confirmarNovaSenha: z.string({ error: MSG.campoObrigatorio }).min(1, MSG.campoObrigatorio),
  })
  .refine(confirmacao, confirmacaoErro);
export type NovaSenhaForm = z.infer<typeof novaSenhaFormSchema>;

export const resetaSenhaSchema = z
  .object({
    senhaNova: senhaNova(),
    confirmarNovaSenha: z.string({ error: MSG.campoObrigatorio }).min(1, MSG.campoObrigatorio),
    token: obrigatorio(200),
  })
  .refine(confirmacao, confirmacaoErro);
export type ResetaSenha = z.infer<typeof resetaSenhaSchema>;

// ---- Change own password -----------------------------------------------------------------

export const alterarSenhaSchema = z
  .object({
    senhaAtual: z.string({ error: MSG.campoObrigatorio }).min(1, MSG.campoObrigatorio).max(LIMITES.loginSenha),
    senhaNova: senhaNova(),
    confirmarNovaSenha: z.string({ error: MSG.campoObrigatorio }).min(1, MSG.campoObrigatorio),
  })
  .refine(confirmacao, confirmacaoErro);
export type AlterarSenha = z.infer<typeof alterarSenhaSchema>;

export const mensagemSchema = z.object({ message: z.string() });

// ---- Sign-up -----------------------------------------------------------------------------

/**
 * Sign-up (spec §5). The spec's "senha max 8" is read as the minimum (ARCHITECTURE.md,
 * deliberate departures): 8 to 80 characters.
 */
export const signUpSchema = z.object({
  nome: obrigatorio(LIMITES.signUpNome),
  email: emailObrigatorio(LIMITES.signUpEmail),
  telefoneCelular: celularObrigatorio(),
  senha: senhaNova(),
});
export type SignUp = z.infer<typeof signUpSchema>;
export const signUpResponseSchema = z.object({ id: z.number().int(), nome: z.string(), email: z.string() });
