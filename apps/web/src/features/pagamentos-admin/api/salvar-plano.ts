import { useMutation, useQueryClient } from '@tanstack/react-query';
import { planoSchema, type PlanoForm } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentosAdminKeys } from './keys';

/** POST /api/planos (201), or PUT /api/planos/{id} when `id` is given. */
export const salvarPlano = ({ id, ...plano }: PlanoForm & { id?: number }) =>
  id === undefined
    ? apiRequest('/api/planos', planoSchema, { method: 'POST', json: plano })
    : apiRequest(`/api/planos/${encodeURIComponent(String(id))}`, planoSchema, { method: 'PUT', json: plano });

export const useSalvarPlano = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarPlano,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pagamentosAdminKeys.planos() }),
  });
};
