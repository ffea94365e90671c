import { tokenResponseSchema } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { iniciarSessao } from '@/lib/sessao';
import { oauthClientAuthorization } from './oauth-client';

export interface LoginInput {
  email: string;
  password: string;
  /** The captcha payload (ALTCHA or reCAPTCHA), sent as `g-recaptcha-response`. */
  captcha: string;
}

/** POST /oauth/token (password grant). */
export const login = ({ email, password, captcha }: LoginInput) =>
  apiRequest('/oauth/token', tokenResponseSchema, {
    method: 'POST',
    auth: false,
    headers: { Authorization: oauthClientAuthorization() },
    form: { username: email, password, grant_type: 'password', 'g-recaptcha-response': captcha },
  });

/**
 * Logs in and starts the session; the auth layout then sends the user on. A plain call, not a
 * mutation: the login screen draws without the query library (the form shows the wait).
 */
export async function entrar(input: LoginInput): Promise<void> {
  iniciarSessao(await login(input));
}
