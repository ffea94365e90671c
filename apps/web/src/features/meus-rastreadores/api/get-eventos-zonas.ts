import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventoZonaPageSchema } from '@rastro/shared/schemas/zonas';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { meuRastreadorKeys } from './keys';

/**
 * GET /api/usuarios/rastreadores/{id}/eventos-zonas (`id` is the owner's link, as the detail's):
 * one page of the tracker's entries into and exits from safe zones, newest first by default.
 */
export const getEventosZonas = (id: number, paging: ListPaging, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/eventos-zonas`, eventoZonaPageSchema, {
    query: { ...paging },
    signal,
  });

export const eventosZonasQueryOptions = (id: number, paging: ListPaging) =>
  queryOptions({
    queryKey: meuRastreadorKeys.eventosZonas(id, paging),
    queryFn: ({ signal }) => getEventosZonas(id, paging, signal),
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

/** Disabled (never fetching) without a valid id. */
export const useEventosZonas = (id: number | null, paging: ListPaging) =>
  useQuery({ ...eventosZonasQueryOptions(id ?? 0, paging), enabled: id !== null });
