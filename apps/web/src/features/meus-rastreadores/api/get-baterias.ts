import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { bateriaPageSchema } from '@rastro/shared/schemas/localizacoes';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { meuRastreadorKeys } from './keys';

/** GET /api/baterias: one page of a tracker's battery history, newest first by default. */
export const getBaterias = (rastreadorId: number, paging: ListPaging, signal?: AbortSignal) =>
  apiRequest('/api/baterias', bateriaPageSchema, { query: { rastreadorId, ...paging }, signal });

export const bateriasQueryOptions = (rastreadorId: number, paging: ListPaging) =>
  queryOptions({
    queryKey: meuRastreadorKeys.baterias(rastreadorId, paging),
    queryFn: ({ signal }) => getBaterias(rastreadorId, paging, signal),
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

/** Waits (disabled) until the tracker, and so its `rastreadorId`, is known. */
export const useBaterias = (rastreadorId: number | undefined, paging: ListPaging) =>
  useQuery({ ...bateriasQueryOptions(rastreadorId ?? 0, paging), enabled: rastreadorId !== undefined });
