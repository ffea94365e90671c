import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { invalidarDepoisDeMudar } from './invalidar';
import { zonaKeys } from './keys';

/** DELETE /api/zonas/{id}: 204, no body. */
export const excluirZona = (id: number) => apiRequest(`/api/zonas/${encodeURIComponent(String(id))}`, z.null(), { method: 'DELETE' });

export const useExcluirZona = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: excluirZona,
    onSuccess: (_nada, id) => {
      queryClient.removeQueries({ queryKey: zonaKeys.detail(id) });
      return invalidarDepoisDeMudar(queryClient);
    },
  });
};
