import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Leitura } from '../db/leitura';
import type { Limitador } from '../lib/limitador';
import type { Auth } from './auth';
import type { CaptchaService } from './captcha/service';
import type { EntregadorEmail } from './email/entregador';
import type { Metrics } from './metrics';

/**
 * The shared infrastructure, as the plugins decorate the Fastify instance with it. A service
 * names the part it uses (`Pick<Infra, 'db' | 'limiter'>`, or just a `db`); a module's routes
 * pass it from `app`.
 */
export interface Infra {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Heavy reads that tolerate a few seconds of lag (history, exports, detail tables, dashboard
   * totals): the replica of DATABASE_URL_LEITURA when it is up and caught up, else `db` itself.
   * Never for a read of what the same request just wrote.
   */
  dbLeitura: Db;
  /** The replica's state behind `dbLeitura` (metrics). */
  leitura: Leitura;
  auth: Auth;
  captcha: CaptchaService;
  limiter: Limitador;
  emails: EntregadorEmail;
  metrics: Metrics;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Infra {}
}
