import { checkTokenResponseSchema } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { oauthClientAuthorization } from './oauth-client';

/** POST /oauth/check_token: who the token belongs to, or 400 invalid_token. */
export const checkToken = (token: string) =>
  apiRequest('/oauth/check_token', checkTokenResponseSchema, {
    method: 'POST',
    auth: false,
    headers: { Authorization: oauthClientAuthorization() },
    form: { token },
  });
