import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assinaturaSchema, type AssinaturaForm } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentoKeys } from './keys';

/** POST /api/usuarios/assinaturas: subscribes a pet to a plan; its first charge is due today. */
export const assinar = (body: AssinaturaForm) => apiRequest('/api/usuarios/assinaturas', assinaturaSchema, { method: 'POST', json: body });

export const useAssinar = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assinar, onSuccess: () => queryClient.invalidateQueries({ queryKey: pagamentoKeys.all }) });
};
