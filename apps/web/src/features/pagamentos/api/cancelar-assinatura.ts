import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assinaturaSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentoKeys } from './keys';

/** DELETE /api/usuarios/assinaturas/{id}: ends at the end of the paid period; open charges are cancelled. */
export const cancelarAssinatura = (id: number) =>
  apiRequest(`/api/usuarios/assinaturas/${encodeURIComponent(String(id))}`, assinaturaSchema, { method: 'DELETE' });

export const useCancelarAssinatura = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelarAssinatura, onSuccess: () => queryClient.invalidateQueries({ queryKey: pagamentoKeys.all }) });
};
