import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { invalidarFoto } from './enviar-foto';

/** DELETE /api/usuarios/rastreadores/{id}/foto: 204; the pet's initial shows again. */
export const removerFoto = (id: number) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/foto`, z.null(), { method: 'DELETE' });

export const useRemoverFoto = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removerFoto, onSuccess: () => invalidarFoto(queryClient) });
};
