import { HttpGeolocationProvider } from '../geolocation/http-provider';
import { tarefaDeFundo } from '../lib/tarefa-de-fundo';
import { GatewayTopin } from './servidor';

/**
 * The TOPIN gateway as a part of the app (buildApp's `gateway`): it listens when the app is ready
 * and `app.close()` stops it, its last batches committed, zones and alarms settled.
 */
export const gatewayTopin = tarefaDeFundo('gateway', (app) => {
  const { config } = app;
  const geo = config.geolocation.url ? new HttpGeolocationProvider(config.geolocation.url, config.geolocation.key) : undefined;
  const gateway = new GatewayTopin(
    app.database,
    app.log.child({ modulo: 'gateway' }),
    { port: config.topinPort, host: config.host, ...config.gateway },
    geo,
  );
  gateway.medir(app.metrics.observarGateway(gateway));
  return gateway;
});
