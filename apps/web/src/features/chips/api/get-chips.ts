import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chipPageSchema } from '@rastro/shared/schemas/chips';
import { apiRequest } from '@/lib/api-client';
import { chipKeys, type ChipListParams } from './keys';

/** GET /api/chips: one page of chips, filtered by codigo, descricao and numero (digits). */
export const getChips = (params: ChipListParams, signal?: AbortSignal) =>
  apiRequest('/api/chips', chipPageSchema, { query: { ...params }, signal });

export const chipsQueryOptions = (params: ChipListParams) =>
  queryOptions({
    queryKey: chipKeys.list(params),
    queryFn: ({ signal }) => getChips(params, signal),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

/** `enabled` false until the first search ('Informe os filtros.'). */
export const useChips = (params: ChipListParams, enabled = true) => useQuery({ ...chipsQueryOptions(params), enabled });
