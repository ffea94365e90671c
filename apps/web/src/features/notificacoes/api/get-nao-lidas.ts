import { queryOptions, useQuery } from '@tanstack/react-query';
import { naoLidasSchema } from '@rastro/shared/schemas/notificacoes';
import { apiRequest } from '@/lib/api-client';
import { notificacaoKeys } from './keys';

/** GET /api/notificacoes/nao-lidas: how many of the user's notifications are unread. */
export const getNaoLidas = (signal?: AbortSignal) => apiRequest('/api/notificacoes/nao-lidas', naoLidasSchema, { signal });

export const naoLidasQueryOptions = () =>
  queryOptions({
    queryKey: notificacaoKeys.naoLidas(),
    queryFn: ({ signal }) => getNaoLidas(signal),
    // The live owner writes new totals here; a failure only leaves the badge out.
    meta: { errorMessage: false },
  });

/** The unread count (0 while unknown). */
export function useNaoLidas(enabled = true): number {
  const query = useQuery({ ...naoLidasQueryOptions(), enabled });
  return query.data?.total ?? 0;
}
