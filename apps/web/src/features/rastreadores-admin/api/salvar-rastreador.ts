import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rastreadorAdminSchema, type RastreadorForm } from '@rastro/shared/schemas/rastreadores';
import { apiRequest } from '@/lib/api-client';
import { rastreadorKeys } from './keys';

/** POST /api/rastreadores: registers (201), or updates when `id` is given (200). */
export const salvarRastreador = (input: RastreadorForm) =>
  apiRequest('/api/rastreadores', rastreadorAdminSchema, { method: 'POST', json: input });

export const useSalvarRastreador = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: salvarRastreador,
    onSuccess: async (rastreador) => {
      queryClient.setQueryData(rastreadorKeys.detail(rastreador.id), rastreador);
      // The chip options change too: the chosen chip is no longer free.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: rastreadorKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: rastreadorKeys.chipSelect(true) }),
      ]);
    },
  });
};
