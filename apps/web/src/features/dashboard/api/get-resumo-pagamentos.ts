import { queryOptions, useQuery } from '@tanstack/react-query';
import { resumoPagamentosSchema } from '@rastro/shared/schemas/pagamentos';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/relatorios/pagamentos (PER300): receivable, received in the period, overdue and monthly recurring revenue. */
export const getResumoPagamentos = (q: RelatorioQuery) => apiRequest('/api/relatorios/pagamentos', resumoPagamentosSchema, { query: q });

export const useResumoPagamentos = (q: RelatorioQuery) =>
  useQuery(queryOptions({ queryKey: dashboardKeys.pagamentos(q), queryFn: () => getResumoPagamentos(q) }));
