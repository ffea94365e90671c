import type { ListPaging } from '@/lib/use-list-params';

/** The chip list's filters as they travel in the address and the query string. */
export type ChipFiltros = { codigo: string; descricao: string; numero: string };
export type ChipListParams = ListPaging & Partial<ChipFiltros>;

/** Query keys of the chip screens; mutations invalidate through these. */
export const chipKeys = {
  all: ['chips'] as const,
  lists: () => [...chipKeys.all, 'list'] as const,
  list: (params: ChipListParams) => [...chipKeys.lists(), params] as const,
  details: () => [...chipKeys.all, 'detail'] as const,
  detail: (id: number) => [...chipKeys.details(), id] as const,
};
