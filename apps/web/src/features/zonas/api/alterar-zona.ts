import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zonaSchema, type ZonaFormValida } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import { invalidarDepoisDeMudar } from './invalidar';
import { zonaKeys } from './keys';

/** PUT /api/zonas/{id}: the zone as saved (its trackers' inside/outside state starts over). */
export const alterarZona = ({ id, ...input }: ZonaFormValida & { id: number }) =>
  apiRequest(`/api/zonas/${encodeURIComponent(String(id))}`, zonaSchema, { method: 'PUT', json: input });

export const useAlterarZona = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarZona,
    onSuccess: (zona) => {
      queryClient.setQueryData(zonaKeys.detail(zona.id), zona);
      return invalidarDepoisDeMudar(queryClient);
    },
  });
};
