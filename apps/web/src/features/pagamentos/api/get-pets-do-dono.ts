import { queryOptions, useQuery } from '@tanstack/react-query';
import { meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { MAX_PAGE_SIZE } from '@rastro/shared/constants';
import { apiRequest } from '@/lib/api-client';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';

const PARAMS = { page: 0, size: MAX_PAGE_SIZE, orderBy: 'descricao', orderDirection: 'asc' } as const;

/** GET /api/usuarios/rastreadores: the user's pets (the first 100), to offer a subscription to those of their own without one. */
export const getPetsDoDono = (signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores', meuRastreadorPageSchema, { query: { ...PARAMS }, signal });

export const usePetsDoDono = () =>
  useQuery(
    queryOptions({
      // Under the trackers' live key: a pet renamed or linked shows here too.
      queryKey: [...aoVivoKeys.meusRastreadoresLists(), PARAMS],
      queryFn: ({ signal }) => getPetsDoDono(signal),
      meta: { errorMessage: false },
    }),
  );
