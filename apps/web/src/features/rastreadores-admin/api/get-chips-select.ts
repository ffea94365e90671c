import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { erroCarregar } from '@rastro/shared/messages';
import { selectItemSchema } from '@rastro/shared/schemas/common';
import { apiRequest } from '@/lib/api-client';
import { rastreadorKeys } from './keys';

const chipsSelectSchema = z.array(selectItemSchema);

/**
 * GET /api/chips/select/disponiveis (chips no tracker uses, for a new tracker) or
 * GET /api/chips/select (every chip, when editing): `[{id, text}]`.
 */
export const getChipsSelect = (disponiveis: boolean, signal?: AbortSignal) =>
  apiRequest(disponiveis ? '/api/chips/select/disponiveis' : '/api/chips/select', chipsSelectSchema, { signal });

export const chipsSelectQueryOptions = (disponiveis: boolean) =>
  queryOptions({
    queryKey: rastreadorKeys.chipSelect(disponiveis),
    queryFn: ({ signal }) => getChipsSelect(disponiveis, signal),
    // Chips are created and taken elsewhere: fetch afresh each time the form opens.
    staleTime: 0,
    meta: { errorMessage: erroCarregar('Chip') },
  });

export const useChipsSelect = (disponiveis: boolean) => useQuery(chipsSelectQueryOptions(disponiveis));
