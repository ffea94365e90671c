import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { RateLimiter } from '../lib/rate-limiter';
import type { Auth } from './auth';
import type { CaptchaService } from './captcha/service';
import type { EmailSender } from './email/sender';
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
  auth: Auth;
  captcha: CaptchaService;
  limiter: RateLimiter;
  emails: EmailSender;
  metrics: Metrics;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyInstance extends Infra {}
}
