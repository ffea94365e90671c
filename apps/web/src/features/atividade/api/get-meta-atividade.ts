import { queryOptions, useQuery } from '@tanstack/react-query';
import { metaAtividadeOuNulaSchema } from '@rastro/shared/schemas/atividade';
import { apiRequest } from '@/lib/api-client';
import { atividadeKeys } from './keys';

/** GET /api/usuarios/rastreadores/{id}/meta-atividade: the daily goal, or null. */
export const getMetaAtividade = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/meta-atividade`, metaAtividadeOuNulaSchema, { signal });

export const metaAtividadeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: atividadeKeys.meta(id),
    queryFn: ({ signal }) => getMetaAtividade(id, signal),
    meta: { errorMessage: false },
  });

export const useMetaAtividade = (id: number) => useQuery(metaAtividadeQueryOptions(id));
