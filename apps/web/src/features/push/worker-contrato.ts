/**
 * What the page and the service worker (src/sw/worker.ts, which imports nothing; built to /sw.js
 * and registered in main.tsx) agree on: keep both sides the same.
 */

/** A cache that survives new builds of the worker, with the VAPID key for `pushsubscriptionchange`. */
export const CACHE_PUSH = 'rastro-push';
export const CHAVE_VAPID = '/__rastro/push-chave';

/** The worker's message after `pushsubscriptionchange`: `{ tipo, inscricao, anterior }`. */
export const MENSAGEM_REINSCREVER = 'rastro:push-reinscrever';
