import { cancelarInscricaoPush } from './api/cancelar-inscricao-push';
import { registroDoWorker, suportaPush } from './navegador';

/** A logout waits at most this long for the worker (it is there already on any page that could subscribe). */
const ESPERA_MS = 2000;

/**
 * Logging out: this browser stops getting the account's alerts. The server forgets the
 * subscription first (the token is still valid), then the browser drops it, so whoever logs in
 * next is not subscribed without choosing to be. Best effort: a failure never holds the logout.
 */
export async function sairDoAparelho(): Promise<void> {
  if (!suportaPush()) return;
  const registro = await registroDoWorker(ESPERA_MS);
  const inscricao = await registro?.pushManager.getSubscription().catch(() => null);
  if (!inscricao) return;
  await cancelarInscricaoPush(inscricao.endpoint).catch(() => undefined);
  await inscricao.unsubscribe().catch(() => false);
}
