import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { liveKeys } from '@/lib/live/keys';

/** DELETE /api/usuarios/rastreadores/{id}/guardioes/eu: 204; the guardian stops following the pet. */
export const sairDoCompartilhamento = (id: number) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/guardioes/eu`, z.null(), { method: 'DELETE' });

export const useSairDoCompartilhamento = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sairDoCompartilhamento,
    // The pet leaves the lists and the map.
    onSuccess: () =>
      Promise.all([liveKeys.meusRastreadores, liveKeys.marcadores].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
