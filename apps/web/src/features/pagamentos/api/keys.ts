import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import type { ListPaging } from '@/lib/use-list-params';

/**
 * Query keys of the owner's payment screens, under the live keys (lib/ao-vivo/keys.ts): a payment
 * that lands or a suspension re-reads them while the page is open.
 */
export const pagamentoKeys = {
  all: aoVivoKeys.pagamentos,
  assinaturas: () => aoVivoKeys.assinaturas(),
  lists: () => aoVivoKeys.pagamentosLists(),
  list: (params: ListPaging) => [...aoVivoKeys.pagamentosLists(), params] as const,
  planos: ['planos', 'ativos'] as const,
};
