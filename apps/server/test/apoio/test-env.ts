/** Credentials of the administrator seeded into every test database. */
export const ADMIN = { email: 'admin@rastro.test', senha: 'Admin#Teste2026' };

/** The environment every test app starts from (small captcha work, quiet logs). */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.senha,
  CAPTCHA_COUNTER_MIN: '50',
  CAPTCHA_COUNTER_MAX: '100',
  CAPTCHA_SECRET: 'segredo-de-teste-do-captcha',
  APP_URL: 'http://rastro.test',
  WEB_DIST: '/nonexistent',
  MAIL_POLL_MS: '100',
  // Every test logs in from 127.0.0.1; the tests of the limits set their own.
  LOGIN_LIMIT_IP: '100000',
};
