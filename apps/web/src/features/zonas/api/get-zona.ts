import { queryOptions, useQuery } from '@tanstack/react-query';
import { zonaSchema } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import { zonaKeys } from './keys';

/** GET /api/zonas/{id}: one of the caller's zones (another user's answers 404). */
export const getZona = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/zonas/${encodeURIComponent(String(id))}`, zonaSchema, { signal });

export const zonaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: zonaKeys.detail(id),
    queryFn: ({ signal }) => getZona(id, signal),
    // The screens show 'Erro ao carregar o registro.' themselves.
    meta: { errorMessage: false },
  });

export const useZona = (id: number) => useQuery(zonaQueryOptions(id));
