import websocket from '@fastify/websocket';
import { SOCKET_PATH } from '@rastro/shared/constants';
import type { AppInstance } from '../lib/tipos';
import { CentralAoVivo } from './hub';

/** WebSocket /api/socket: live positions, tracker states and notifications of the user's own trackers. */
export async function aoVivoPlugin(app: AppInstance) {
  // Clients only ever send the small authentication message.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  const hub = new CentralAoVivo(app.database, app.auth, app.log.child({ modulo: 'ao-vivo' }), app.config.timezone);
  app.metrics.observarAoVivo(hub);
  app.get(SOCKET_PATH, { websocket: true, schema: { hide: true } }, (socket) => hub.conectar(socket));
  app.addHook('onReady', () => hub.iniciar());
  app.addHook('preClose', () => hub.parar());
}
