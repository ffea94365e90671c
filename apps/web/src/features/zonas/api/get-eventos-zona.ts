import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventoZonaPageSchema } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { zonaKeys } from './keys';

/** GET /api/zonas/{id}/eventos: one page of a zone's entries and exits, newest first by default. */
export const getEventosZona = (id: number, paging: ListPaging, signal?: AbortSignal) =>
  apiRequest(`/api/zonas/${encodeURIComponent(String(id))}/eventos`, eventoZonaPageSchema, { query: { ...paging }, signal });

export const eventosZonaQueryOptions = (id: number, paging: ListPaging) =>
  queryOptions({
    queryKey: zonaKeys.eventos(id, paging),
    queryFn: ({ signal }) => getEventosZona(id, paging, signal),
    // The table keeps the current page on screen while the next one loads, and shows a failure itself.
    placeholderData: keepPreviousData,
    meta: { errorMessage: false },
  });

export const useEventosZona = (id: number, paging: ListPaging) => useQuery(eventosZonaQueryOptions(id, paging));
