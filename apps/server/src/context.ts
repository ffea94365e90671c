import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { RateLimiter } from './lib/rate-limiter';
import type { CaptchaService } from './modules/captcha/service';
import type { EmailSender } from './modules/email/sender';
import type { Auth } from './plugins/auth';

/** What route modules receive: built once in buildApp(). */
export interface Ctx {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  captcha: CaptchaService;
  limiter: RateLimiter;
  emails: EmailSender;
}
