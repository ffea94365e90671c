import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { signUpResponseSchema, type SignUp } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** POST /users/sign-up: creates a client account; the server e-mails the first-access data. */
export const cadastrar = (input: SignUp) =>
  apiRequest('/users/sign-up', signUpResponseSchema, { method: 'POST', auth: false, json: input });

export const useCadastrar = () => useMutation({ mutationFn: (input: SignUp) => withMinDelay(cadastrar(input), DELAY.slow) });
