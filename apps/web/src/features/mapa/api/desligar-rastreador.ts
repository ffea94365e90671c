import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mensagemSchema } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import { mapaKeys } from './keys';

/** PUT /api/rastreadores/desligar/{rastreadorId}: queues the power-off command. */
export const desligarRastreador = (rastreadorId: number) =>
  apiRequest(`/api/rastreadores/desligar/${encodeURIComponent(String(rastreadorId))}`, mensagemSchema, { method: 'PUT' });

export const useDesligarRastreador = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desligarRastreador,
    // The power situation changed: the markers and the tracker lists read it again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mapaKeys.atuais() }),
        queryClient.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores }),
      ]),
  });
};
