import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import type { ListPaging } from '@/lib/use-list-params';

/** Query keys of the safe-zone screens; mutations invalidate through these. */
export const zonaKeys = {
  all: ['zonas'] as const,
  lists: () => [...zonaKeys.all, 'list'] as const,
  details: () => [...zonaKeys.all, 'detail'] as const,
  detail: (id: number) => [...zonaKeys.details(), id] as const,
  /** One page of a zone's crossings, under the live keys: a crossing arrives as a notification and re-reads them. */
  eventos: (id: number, paging: ListPaging) => [...aoVivoKeys.eventosZonas, 'zona', id, paging] as const,
  /**
   * The owner's trackers with their ids (one page of the 'Meus Rastreadores' list, the same query): a
   * tracker renamed or linked anywhere changes the options.
   */
  rastreadores: (paging: ListPaging) => [...aoVivoKeys.meusRastreadoresLists(), paging] as const,
  /** Where each pet is now: the map's live ATUAL markers, shared with it. */
  localizacoesAtuais: () => aoVivoKeys.marcadoresAtuais(null),
};
