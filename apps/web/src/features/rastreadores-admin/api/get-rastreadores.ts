import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { rastreadorAdminPageSchema } from '@rastro/shared/schemas/rastreadores';
import { apiRequest } from '@/lib/api-client';
import { rastreadorKeys, type RastreadorListParams } from './keys';

/** GET /api/rastreadores: one page of every tracker, filtered by codigo and IMEI. */
export const getRastreadores = (params: RastreadorListParams, signal?: AbortSignal) =>
  apiRequest('/api/rastreadores', rastreadorAdminPageSchema, { query: { ...params }, signal });

export const rastreadoresQueryOptions = (params: RastreadorListParams) =>
  queryOptions({
    queryKey: rastreadorKeys.list(params),
    queryFn: ({ signal }) => getRastreadores(params, signal),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

export const useRastreadores = (params: RastreadorListParams) => useQuery(rastreadoresQueryOptions(params));
