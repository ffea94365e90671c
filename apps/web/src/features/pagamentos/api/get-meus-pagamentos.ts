import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagamentoPageSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { pagamentoKeys } from './keys';

/** GET /api/usuarios/pagamentos: one page of the user's charges (default: latest due date first). */
export const getMeusPagamentos = (params: ListPaging, signal?: AbortSignal) =>
  apiRequest('/api/usuarios/pagamentos', pagamentoPageSchema, { query: { ...params }, signal });

export const meusPagamentosQueryOptions = (params: ListPaging) =>
  queryOptions({
    queryKey: pagamentoKeys.list(params),
    queryFn: ({ signal }) => getMeusPagamentos(params, signal),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

export const useMeusPagamentos = (params: ListPaging) => useQuery(meusPagamentosQueryOptions(params));
