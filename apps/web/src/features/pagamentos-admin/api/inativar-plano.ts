import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planoSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentosAdminKeys } from './keys';

/** DELETE /api/planos/{id}: deactivates; who subscribed keeps the price. */
export const inativarPlano = (id: number) => apiRequest(`/api/planos/${encodeURIComponent(String(id))}`, planoSchema, { method: 'DELETE' });

export const useInativarPlano = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inativarPlano,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagamentosAdminKeys.planos() }),
  });
};
