import { servirApiNoFilho } from '../lib/api-no-filho';

/**
 * The API in a process of its own: its push sender (EntregadorPush, started when the app is ready)
 * delivers the queue. The receiver is on loopback over http://, which only PUSH_PERMITIR_HTTP
 * allows; the poll is long, so what wakes the sender is the NOTIFY of the alarm's transaction.
 */
servirApiNoFilho('push-api', { PUSH_PERMITIR_HTTP: 'true', PUSH_POLL_MS: '600000' });
