import { queryOptions, useQuery } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { validaTokenResponseSchema } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** GET /users/pass/valida-token: is the e-mailed reset token still usable? */
export const validarSenhaToken = (token: string) =>
  apiRequest('/users/pass/valida-token', validaTokenResponseSchema, { auth: false, query: { token } });

export const validarSenhaTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'senha-token', token],
    // The spec's token-check minimum (3 s) keeps the spinner from flashing.
    queryFn: () => withMinDelay(validarSenhaToken(token), DELAY.tokenCheck),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

export const useValidarSenhaToken = (token: string) => useQuery(validarSenhaTokenQueryOptions(token));
