import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { planoSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentosAdminKeys } from './keys';

/** GET /api/planos?inativos=true (PER300): every plan, the inactive ones too, cheapest first. */
export const getTodosOsPlanos = (signal?: AbortSignal) =>
  apiRequest('/api/planos', z.array(planoSchema), { query: { inativos: 'true' }, signal });

export const useTodosOsPlanos = () =>
  useQuery(
    queryOptions({
      queryKey: pagamentosAdminKeys.planos(),
      queryFn: ({ signal }) => getTodosOsPlanos(signal),
      meta: { errorMessage: false },
    }),
  );
