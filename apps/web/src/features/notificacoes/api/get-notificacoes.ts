import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notificacaoPageSchema } from '@rastro/shared/schemas/notificacoes';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { notificacaoKeys } from './keys';

/** GET /api/notificacoes: one page of the user's notifications (default newest first). */
export const getNotificacoes = (params: ListPaging, signal?: AbortSignal) =>
  apiRequest('/api/notificacoes', notificacaoPageSchema, { query: { ...params }, signal });

export const notificacoesQueryOptions = (params: ListPaging) =>
  queryOptions({
    queryKey: notificacaoKeys.list(params),
    queryFn: ({ signal }) => getNotificacoes(params, signal),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

export const useNotificacoes = (params: ListPaging) => useQuery(notificacoesQueryOptions(params));
