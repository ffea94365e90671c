import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { rastreadorAdminSchema } from '@rastro/shared/schemas/rastreadores';
import { apiRequest } from '@/lib/api-client';
import { rastreadorKeys } from './keys';

/** GET /api/rastreadores/{id}: one tracker, for the edit form. */
export const getRastreador = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/rastreadores/${encodeURIComponent(String(id))}`, rastreadorAdminSchema, { signal });

export const rastreadorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: rastreadorKeys.detail(id),
    queryFn: ({ signal }) => getRastreador(id, signal),
    meta: { errorMessage: MSG.erroCarregarRegistro },
  });

export const useRastreador = (id: number) => useQuery(rastreadorQueryOptions(id));
