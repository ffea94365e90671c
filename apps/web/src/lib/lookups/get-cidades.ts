import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { erroCarregar } from '@rastro/shared/messages';
import { cidadesSelectSchema } from '@rastro/shared/schemas/lookups';
import { apiRequest } from '@/lib/api-client';
import { lookupKeys } from './lookup-keys';

/** GET /api/cidades/select/{stateId}: the cities of one state, {id, nome}. */
export const getCidades = (estadoId: number) =>
  apiRequest(`/api/cidades/select/${encodeURIComponent(String(estadoId))}`, cidadesSelectSchema);

/** Without a state there is nothing to load (the query stays idle). */
export const cidadesQueryOptions = (estadoId: number | null | undefined) =>
  queryOptions({
    queryKey: lookupKeys.cidades(estadoId ?? 0),
    queryFn: estadoId ? () => getCidades(estadoId) : skipToken,
    staleTime: Infinity,
    meta: { errorMessage: erroCarregar('Cidade') },
  });

export const useCidades = (estadoId: number | null | undefined) => useQuery(cidadesQueryOptions(estadoId));
