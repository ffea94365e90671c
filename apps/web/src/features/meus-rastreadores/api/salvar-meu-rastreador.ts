import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { meuRastreadorSchema, type MeuRastreadorForm } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import { meuRastreadorKeys } from './keys';

/**
 * POST /api/usuarios/rastreadores: links the registered tracker with this IMEI (201), or updates
 * the owner's settings when `id` is given (200; the IMEI is then ignored).
 */
export const salvarMeuRastreador = (input: MeuRastreadorForm) =>
  apiRequest('/api/usuarios/rastreadores', meuRastreadorSchema, { method: 'POST', json: input });

export const useSalvarMeuRastreador = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MeuRastreadorForm) => withMinDelay(salvarMeuRastreador(input), DELAY.meuRastreadorSave),
    onSuccess: (rastreador) => {
      queryClient.setQueryData(meuRastreadorKeys.detail(rastreador.id), rastreador);
      // A new or renamed tracker changes the lists, the map's tracker select and its markers.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores }),
        queryClient.invalidateQueries({ queryKey: aoVivoKeys.marcadores }),
      ]);
    },
  });
};
