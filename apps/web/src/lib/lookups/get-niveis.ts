import { queryOptions, useQuery } from '@tanstack/react-query';
import { erroCarregar } from '@rastro/shared/messages';
import { niveisSelectSchema } from '@rastro/shared/schemas/lookups';
import { apiRequest } from '@/lib/api-client';
import { lookupKeys } from './lookup-keys';

/** GET /api/niveis/select: the access levels ('Perfil'), {id, nome}. */
export const getNiveis = () => apiRequest('/api/niveis/select', niveisSelectSchema);

export const niveisQueryOptions = () =>
  queryOptions({
    queryKey: lookupKeys.niveis(),
    queryFn: getNiveis,
    staleTime: 5 * 60_000,
    // The original named 'Estado' here by mistake (docs/ARCHITECTURE.md §8).
    meta: { errorMessage: erroCarregar('Nível') },
  });

export const useNiveis = () => useQuery(niveisQueryOptions());
