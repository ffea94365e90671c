import type { TipoLocalizacao } from '@rastro/shared/dominio';
import { liveKeys } from '@/lib/live/keys';
import type { ListPaging } from '@/lib/use-list-params';

/** The list's filters as they travel in the address and the query string. */
export type MeuRastreadorFiltros = { descricao: string; imei: string };
export type MeuRastreadorListParams = ListPaging & Partial<MeuRastreadorFiltros>;

/**
 * Query keys of the owner's tracker screens. They sit under the live keys (lib/live/keys.ts), so
 * the one owner of live data can update what these screens show.
 */
export const meuRastreadorKeys = {
  lists: () => liveKeys.meusRastreadoresLists(),
  list: (params: MeuRastreadorListParams) => [...liveKeys.meusRastreadoresLists(), params] as const,
  detail: (id: number) => liveKeys.meuRastreador(id),
  /** One page of a tracker's positions of one type (detail screen). */
  localizacoes: (rastreadorId: number, tipo: TipoLocalizacao, paging: ListPaging) =>
    [...liveKeys.localizacoes, rastreadorId, tipo, paging] as const,
  /** One page of a tracker's battery history (detail screen). */
  baterias: (rastreadorId: number, paging: ListPaging) => [...liveKeys.baterias, rastreadorId, paging] as const,
  /** One page of a tracker's safe-zone crossings (detail screen); `id` is the owner's link. */
  eventosZonas: (id: number, paging: ListPaging) => [...liveKeys.eventosZonas, 'rastreador', id, paging] as const,
};
