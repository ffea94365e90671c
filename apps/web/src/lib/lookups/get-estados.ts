import { queryOptions, useQuery } from '@tanstack/react-query';
import { erroCarregar } from '@rastro/shared/messages';
import { estadosSelectSchema } from '@rastro/shared/schemas/lookups';
import { apiRequest } from '@/lib/api-client';
import { lookupKeys } from './lookup-keys';

/** GET /api/estados/select: the 27 states, {id, nome, uf}. */
export const getEstados = () => apiRequest('/api/estados/select', estadosSelectSchema);

export const estadosQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.estados(),
    queryFn: getEstados,
    // Seeded once; it does not change while the app is open.
    staleTime: Infinity,
    meta: { errorMessage: erroCarregar('Estado') },
  });

export const useEstados = () => useQuery(estadosQueryOptions());
