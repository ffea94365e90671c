import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { erroCarregar } from '@rastro/shared/messages';
import { selectItemSchema } from '@rastro/shared/schemas/common';
import { apiRequest } from '@/lib/api-client';
import { mapaKeys } from './keys';

/** GET /api/usuarios/rastreadores/select: the user's trackers as [{id (link id), text}]. */
export const getRastreadoresSelect = (signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores/select', z.array(selectItemSchema), { signal });

export const rastreadoresSelectQueryOptions = () =>
  queryOptions({
    queryKey: mapaKeys.rastreadoresSelect(),
    queryFn: ({ signal }) => getRastreadoresSelect(signal),
    meta: { errorMessage: erroCarregar('Rastreadores') },
  });

export const useRastreadoresSelect = () => useQuery(rastreadoresSelectQueryOptions());
