import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { enviarSenhaTokenResponseSchema, type EnviarSenhaToken } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** PUT /users/pass/send-link: e-mails a senha token (the password-reset link). */
export const enviarSenhaToken = (input: EnviarSenhaToken) =>
  apiRequest('/users/pass/send-link', enviarSenhaTokenResponseSchema, { method: 'PUT', auth: false, json: input });

export const useEnviarSenhaToken = () =>
  useMutation({ mutationFn: (input: EnviarSenhaToken) => withMinDelay(enviarSenhaToken(input), DELAY.slow) });
