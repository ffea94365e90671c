import type { SituacaoCobranca } from '@rastro/shared/schemas/pagamentos';
import type { ListPaging } from '@/lib/use-list-params';

/** The charges list's filters as they travel in the address and the query string (days as YYYY-MM-DD). */
export type CobrancaFiltros = { situacao: SituacaoCobranca | ''; usuario: string; vencimentoDe: string; vencimentoAte: string };
export type CobrancaListParams = ListPaging & Partial<CobrancaFiltros>;

/** Query keys of the administrator's payment screens; settling and the plans' changes invalidate through these. */
export const pagamentosAdminKeys = {
  all: ['pagamentos-admin'] as const,
  lists: () => [...pagamentosAdminKeys.all, 'list'] as const,
  list: (params: CobrancaListParams) => [...pagamentosAdminKeys.lists(), params] as const,
  planos: () => [...pagamentosAdminKeys.all, 'planos'] as const,
};
