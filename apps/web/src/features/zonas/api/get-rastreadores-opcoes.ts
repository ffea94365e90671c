import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@rastro/shared/constants';
import { erroCarregar } from '@rastro/shared/messages';
import { meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { zonaKeys } from './keys';

/** A tracker a zone can apply to: zones name trackers by `rastreadorId`, not by the owner's link id. */
export interface RastreadorOpcao {
  rastreadorId: number;
  descricao: string;
}

// Every tracker of the owner in one page, by name (a zone names at most ZONA.rastreadoresMax = 100).
const PAGINA: ListPaging = { page: 0, size: MAX_PAGE_SIZE, orderBy: 'descricao', orderDirection: 'asc' };

/** GET /api/usuarios/rastreadores: the owner's trackers, as the options of a zone. */
export const getRastreadoresOpcoes = (signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores', meuRastreadorPageSchema, { query: { ...PAGINA }, signal });

export const rastreadoresOpcoesQueryOptions = () =>
  queryOptions({
    queryKey: zonaKeys.rastreadores(PAGINA),
    queryFn: ({ signal }) => getRastreadoresOpcoes(signal),
    select: (page): RastreadorOpcao[] => page.content.map((r) => ({ rastreadorId: r.rastreadorId, descricao: r.descricao })),
    meta: { errorMessage: erroCarregar('Rastreadores') },
  });

export const useRastreadoresOpcoes = () => useQuery(rastreadoresOpcoesQueryOptions());
