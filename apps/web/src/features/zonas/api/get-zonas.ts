import { queryOptions, useQuery } from '@tanstack/react-query';
import { zonasSchema } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import { zonaKeys } from './keys';

/** GET /api/zonas: the caller's safe zones (at most 50), by name. */
export const getZonas = (signal?: AbortSignal) => apiRequest('/api/zonas', zonasSchema, { signal });

export const zonasQueryOptions = () =>
  queryOptions({
    queryKey: zonaKeys.lists(),
    queryFn: ({ signal }) => getZonas(signal),
    // The list shows the failure itself; the map just draws no zones.
    meta: { errorMessage: false },
  });

export const useZonas = () => useQuery(zonasQueryOptions());
