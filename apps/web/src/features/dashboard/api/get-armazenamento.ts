import { queryOptions, useQuery } from '@tanstack/react-query';
import { armazenamentoSchema } from '@rastro/shared/schemas/relatorios';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/relatorios/armazenamento (PER200): the history kept per kind. */
export const getArmazenamento = () => apiRequest('/api/relatorios/armazenamento', armazenamentoSchema);

export const armazenamentoQueryOptions = () => queryOptions({ queryKey: dashboardKeys.armazenamento, queryFn: getArmazenamento });

export const useArmazenamento = () => useQuery(armazenamentoQueryOptions());
