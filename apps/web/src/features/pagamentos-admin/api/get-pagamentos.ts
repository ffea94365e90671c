import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagamentoAdminPageSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentosAdminKeys, type CobrancaListParams } from './keys';

/** GET /api/pagamentos (PER300): one page of every charge, by situação, usuário and due dates, with the filter's totals. */
export const getPagamentos = (params: CobrancaListParams, signal?: AbortSignal) =>
  apiRequest('/api/pagamentos', pagamentoAdminPageSchema, { query: { ...params }, signal });

export const usePagamentos = (params: CobrancaListParams) =>
  useQuery(
    queryOptions({
      queryKey: pagamentosAdminKeys.list(params),
      queryFn: ({ signal }) => getPagamentos(params, signal),
      // The table keeps the current page on screen while the next one loads.
      placeholderData: keepPreviousData,
      // The table shows the failure itself.
      meta: { errorMessage: false },
    }),
  );
