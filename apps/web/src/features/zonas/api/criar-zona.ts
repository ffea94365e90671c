import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zonaSchema, type ZonaFormValida } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import { invalidarDepoisDeMudar } from './invalidar';
import { zonaKeys } from './keys';

/** POST /api/zonas: a new safe zone (201). */
export const criarZona = (input: ZonaFormValida) => apiRequest('/api/zonas', zonaSchema, { method: 'POST', json: input });

export const useCriarZona = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarZona,
    onSuccess: (zona) => {
      queryClient.setQueryData(zonaKeys.detail(zona.id), zona);
      return invalidarDepoisDeMudar(queryClient);
    },
  });
};
