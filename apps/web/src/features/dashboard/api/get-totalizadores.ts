import { queryOptions, useQuery } from '@tanstack/react-query';
import { totalizadoresSchema, type RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/relatorios/totalizadores (PER200): users, trackers, locations and chips. */
export const getTotalizadores = (q: RelatorioQuery) => apiRequest('/api/relatorios/totalizadores', totalizadoresSchema, { query: q });

export const totalizadoresQueryOptions = (q: RelatorioQuery) =>
  queryOptions({ queryKey: dashboardKeys.totalizadores(q), queryFn: () => getTotalizadores(q) });

export const useTotalizadores = (q: RelatorioQuery) => useQuery(totalizadoresQueryOptions(q));
