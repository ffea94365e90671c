import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { usuarioDetalheSchema, type MinhaConta } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';
import { minhaContaKeys } from './keys';

/** POST /users: updates the user's own data and answers the stored record. */
export const salvarMinhaConta = (input: MinhaConta) => apiRequest('/users', usuarioDetalheSchema, { method: 'POST', json: input });

export function useSalvarMinhaConta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MinhaConta) => withMinDelay(salvarMinhaConta(input), DELAY.normal),
    onSuccess: (saved) => queryClient.setQueryData(minhaContaKeys.detail(saved.id), saved),
  });
}
