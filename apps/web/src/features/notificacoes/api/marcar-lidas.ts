import { useMutation, useQueryClient } from '@tanstack/react-query';
import { naoLidasSchema } from '@rastro/shared/schemas/notificacoes';
import { apiRequest } from '@/lib/api-client';
import { notificacaoKeys } from './keys';

/** PUT /api/notificacoes/lidas: marks every notification of the user as read; answers {total: 0}. */
export const marcarLidas = () => apiRequest('/api/notificacoes/lidas', naoLidasSchema, { method: 'PUT' });

export function useMarcarLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLidas,
    // A count still on its way would otherwise land after the reset below.
    onMutate: () => queryClient.cancelQueries({ queryKey: notificacaoKeys.naoLidas() }),
    // The lists are left as they are, so what was unread stays marked until the next load.
    onSuccess: () => queryClient.setQueryData(notificacaoKeys.naoLidas(), { total: 0 }),
  });
}
