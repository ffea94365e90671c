import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagamentoAdminSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentosAdminKeys } from './keys';

/** POST /api/pagamentos/{id}/baixa: settles a charge by hand, with why (audited). */
export const darBaixa = ({ id, observacao }: { id: number; observacao: string }) =>
  apiRequest(`/api/pagamentos/${encodeURIComponent(String(id))}/baixa`, pagamentoAdminSchema, { method: 'POST', json: { observacao } });

export const useDarBaixa = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: darBaixa, onSuccess: () => queryClient.invalidateQueries({ queryKey: pagamentosAdminKeys.lists() }) });
};
