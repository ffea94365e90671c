import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { meuRastreadorKeys, type MeuRastreadorListParams } from './keys';

/** GET /api/usuarios/rastreadores: one page of the user's own trackers, by descrição and IMEI. */
export const getMeusRastreadores = (params: MeuRastreadorListParams, signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores', meuRastreadorPageSchema, { query: { ...params }, signal });

export const meusRastreadoresQueryOptions = (params: MeuRastreadorListParams) =>
  queryOptions({
    queryKey: meuRastreadorKeys.list(params),
    queryFn: ({ signal }) => getMeusRastreadores(params, signal),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

export const useMeusRastreadores = (params: MeuRastreadorListParams) => useQuery(meusRastreadoresQueryOptions(params));
