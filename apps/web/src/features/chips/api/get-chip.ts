import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { chipSchema } from '@rastro/shared/schemas/chips';
import { apiRequest } from '@/lib/api-client';
import { chipKeys } from './keys';

/** GET /api/chips/{id}: one chip, for the edit form. */
export const getChip = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/chips/${encodeURIComponent(String(id))}`, chipSchema, { signal });

export const chipQueryOptions = (id: number) =>
  queryOptions({
    queryKey: chipKeys.detail(id),
    queryFn: ({ signal }) => getChip(id, signal),
    meta: { errorMessage: MSG.erroCarregarRegistro },
  });

export const useChip = (id: number) => useQuery(chipQueryOptions(id));
