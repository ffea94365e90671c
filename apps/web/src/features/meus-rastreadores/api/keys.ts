import type { TipoLocalizacao } from '@rastro/shared/dominio';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import type { ListPaging } from '@/lib/use-list-params';

/** The list's filters as they travel in the address and the query string. */
export type MeuRastreadorFiltros = { descricao: string; imei: string };
export type MeuRastreadorListParams = ListPaging & Partial<MeuRastreadorFiltros>;

/**
 * Query keys of the owner's tracker screens. They sit under the live keys (lib/ao-vivo/keys.ts), so
 * the one owner of live data can update what these screens show.
 */
export const meuRastreadorKeys = {
  lists: () => aoVivoKeys.meusRastreadoresLists(),
  list: (params: MeuRastreadorListParams) => [...aoVivoKeys.meusRastreadoresLists(), params] as const,
  detail: (id: number) => aoVivoKeys.meuRastreador(id),
  /** One page of a tracker's positions of one type (detail screen). */
  localizacoes: (rastreadorId: number, tipo: TipoLocalizacao, paging: ListPaging) =>
    [...aoVivoKeys.localizacoes, rastreadorId, tipo, paging] as const,
  /** One page of a tracker's battery history (detail screen). */
  baterias: (rastreadorId: number, paging: ListPaging) => [...aoVivoKeys.baterias, rastreadorId, paging] as const,
  /** One page of a tracker's safe-zone crossings (detail screen); `id` is the owner's link. */
  eventosZonas: (id: number, paging: ListPaging) => [...aoVivoKeys.eventosZonas, 'rastreador', id, paging] as const,
};
