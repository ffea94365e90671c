import { liveKeys } from '@/lib/live/keys';
import type { ListPaging } from '@/lib/use-list-params';

/**
 * Query keys of the notification screens, under the live keys (lib/live/keys.ts): the live owner
 * invalidates the lists when a notification arrives and writes the unread count.
 */
export const notificacaoKeys = {
  lists: () => liveKeys.notificacoesLists(),
  list: (params: ListPaging) => [...liveKeys.notificacoesLists(), params] as const,
  naoLidas: () => liveKeys.naoLidas(),
};
