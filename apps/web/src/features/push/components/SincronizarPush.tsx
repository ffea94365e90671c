import { useSincronizarPush } from '../hooks/use-sincronizar-push';

/** Renders nothing: keeps this browser's push subscription known to the server (in the logged-in frame). */
export function SincronizarPush({ ativo }: { ativo: boolean }) {
  useSincronizarPush(ativo);
  return null;
}
