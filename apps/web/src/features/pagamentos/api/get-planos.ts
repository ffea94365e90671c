import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { planoSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentoKeys } from './keys';

/** GET /api/planos: the active plans, cheapest first. */
export const getPlanosAtivos = (signal?: AbortSignal) => apiRequest('/api/planos', z.array(planoSchema), { signal });

export const usePlanosAtivos = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: pagamentoKeys.planos, queryFn: ({ signal }) => getPlanosAtivos(signal), enabled }));
