import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { cadastroResponseSchema, type Cadastro } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** POST /users/sign-up: creates a client account; the server e-mails the first-access data. */
export const cadastrar = (input: Cadastro) =>
  apiRequest('/users/sign-up', cadastroResponseSchema, { method: 'POST', auth: false, json: input });

export const useCadastrar = () => useMutation({ mutationFn: (input: Cadastro) => withMinDelay(cadastrar(input), DELAY.slow) });
