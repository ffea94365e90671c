import { queryOptions, useQuery } from '@tanstack/react-query';
import { situacoesEnergiaSchema, type RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/relatorios/situacoes-energia (PER202): trackers by power situation. */
export const getSituacoesEnergia = (q: RelatorioQuery) =>
  apiRequest('/api/relatorios/situacoes-energia', situacoesEnergiaSchema, { query: q });

export const situacoesEnergiaQueryOptions = (q: RelatorioQuery) =>
  queryOptions({ queryKey: dashboardKeys.situacoesEnergia(q), queryFn: () => getSituacoesEnergia(q) });

export const useSituacoesEnergia = (q: RelatorioQuery) => useQuery(situacoesEnergiaQueryOptions(q));
