import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pagamentoAdminSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { pagamentosAdminKeys } from './keys';

/** POST /api/pagamentos/{id}/baixa: settles a charge by hand, with why (audited). */
export const darBaixa = ({ id, observacao }: { id: number; observacao: string }) =>
  apiRequest(`/api/pagamentos/${encodeURIComponent(String(id))}/baixa`, pagamentoAdminSchema, { method: 'POST', json: { observacao } });

export const useDarBaixa = () => {
  const queryClient = useQueryClient();
  const recarregar = () => queryClient.invalidateQueries({ queryKey: pagamentosAdminKeys.lists() });
  return useMutation({
    mutationFn: darBaixa,
    // The row turns Pago and the totals move; a 409 means someone (or the PSP) got there first, so the list is stale too.
    onSuccess: recarregar,
    onError: (e) => (isApiError(e) && e.status === 409 ? recarregar() : undefined),
  });
};
