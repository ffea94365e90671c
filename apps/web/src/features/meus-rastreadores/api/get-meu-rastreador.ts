import { queryOptions, useQuery } from '@tanstack/react-query';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { meuRastreadorKeys } from './keys';

/** GET /api/usuarios/rastreadores/{id}: one of the user's trackers (`id` is the owner's link). */
export const getMeuRastreador = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}`, meuRastreadorSchema, { signal });

export const meuRastreadorQueryOptions = (id: number) =>
  queryOptions({
    queryKey: meuRastreadorKeys.detail(id),
    queryFn: ({ signal }) => getMeuRastreador(id, signal),
    // The screens show 'Erro ao carregar o registro.' themselves.
    meta: { errorMessage: false },
  });

/** Disabled (never fetching) without a valid id. */
export const useMeuRastreador = (id: number | null) => useQuery({ ...meuRastreadorQueryOptions(id ?? 0), enabled: id !== null });
