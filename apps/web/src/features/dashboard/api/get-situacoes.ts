import { queryOptions, useQuery } from '@tanstack/react-query';
import { situacoesSchema, type RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/relatorios/situacoes (PER201): trackers by situation. */
export const getSituacoes = (q: RelatorioQuery) => apiRequest('/api/relatorios/situacoes', situacoesSchema, { query: q });

export const situacoesQueryOptions = (q: RelatorioQuery) =>
  queryOptions({ queryKey: dashboardKeys.situacoes(q), queryFn: () => getSituacoes(q) });

export const useSituacoes = (q: RelatorioQuery) => useQuery(situacoesQueryOptions(q));
