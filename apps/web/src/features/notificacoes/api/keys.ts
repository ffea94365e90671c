import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import type { ListPaging } from '@/lib/use-list-params';

/**
 * Query keys of the notification screens, under the live keys (lib/ao-vivo/keys.ts): the live owner
 * invalidates the lists when a notification arrives and writes the unread count.
 */
export const notificacaoKeys = {
  lists: () => aoVivoKeys.notificacoesLists(),
  list: (params: ListPaging) => [...aoVivoKeys.notificacoesLists(), params] as const,
  naoLidas: () => aoVivoKeys.naoLidas(),
};
