import { CACHE_PUSH, CHAVE_VAPID } from './worker-contrato';

/** How long to wait for the service worker (registered after 'load'; never in development). */
const ESPERA_WORKER_MS = 10_000;

/** The browser has what Web Push needs (Safari on iPhone only in an app added to the home screen). */
export const suportaPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The active worker's registration, or null when there is none (development, or it failed). */
export async function registroDoWorker(ms = ESPERA_WORKER_MS): Promise<ServiceWorkerRegistration | null> {
  let parar: ReturnType<typeof setTimeout> | undefined;
  const tempo = new Promise<null>((resolve) => {
    parar = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, tempo]);
  } finally {
    clearTimeout(parar);
  }
}

/** The VAPID key as `applicationServerKey` wants it: base64url → bytes. */
export function bytesDaChave(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binario = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binario, (c) => c.charCodeAt(0));
}

/** Keeps the key where the worker finds it when the push service changes the subscription (src/sw/worker.ts). */
export async function guardarChaveParaOWorker(chave: Uint8Array<ArrayBuffer>): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    await (await caches.open(CACHE_PUSH)).put(CHAVE_VAPID, new Response(chave));
  } catch {
    // Without it the worker still has the old subscription's key, which browsers give it.
  }
}
