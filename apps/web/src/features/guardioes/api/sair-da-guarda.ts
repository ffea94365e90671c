import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';

/** DELETE /api/usuarios/rastreadores/{id}/guardioes/eu: 204; the guardian stops following the pet. */
export const sairDaGuarda = (id: number) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/guardioes/eu`, z.null(), { method: 'DELETE' });

export const useSairDaGuarda = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sairDaGuarda,
    // The pet leaves the lists and the map.
    onSuccess: () =>
      Promise.all([aoVivoKeys.meusRastreadores, aoVivoKeys.marcadores].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
