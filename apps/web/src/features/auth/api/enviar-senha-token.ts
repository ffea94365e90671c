import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { sendLinkResponseSchema, type SendLinkForm } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** PUT /users/pass/send-link: e-mails a senha token (the password-reset link). */
export const enviarSenhaToken = (input: SendLinkForm) =>
  apiRequest('/users/pass/send-link', sendLinkResponseSchema, { method: 'PUT', auth: false, json: input });

export const useEnviarSenhaToken = () =>
  useMutation({ mutationFn: (input: SendLinkForm) => withMinDelay(enviarSenhaToken(input), DELAY.slow) });
