import type { ListPaging } from '@/lib/use-list-params';

/** The admin tracker list's filters as they travel in the address and the query string. */
export type RastreadorFiltros = { codigo: string; imei: string };
export type RastreadorListParams = ListPaging & Partial<RastreadorFiltros>;

/** Query keys of the admin tracker screens; mutations invalidate through these. */
export const rastreadorKeys = {
  all: ['rastreadores-admin'] as const,
  lists: () => [...rastreadorKeys.all, 'list'] as const,
  list: (params: RastreadorListParams) => [...rastreadorKeys.lists(), params] as const,
  details: () => [...rastreadorKeys.all, 'detail'] as const,
  detail: (id: number) => [...rastreadorKeys.details(), id] as const,
  /** The chip options of the form: only free chips when creating, all when editing. */
  chipSelect: (disponiveis: boolean) => [...rastreadorKeys.all, 'chip-select', disponiveis ? 'disponiveis' : 'todos'] as const,
};
