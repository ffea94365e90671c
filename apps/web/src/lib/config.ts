import { z } from 'zod/mini';

/** The one place the web app reads its build-time environment (VITE_*). */
const envSchema = z.object({
  VITE_OAUTH_CLIENT_ID: z.optional(z.string()),
  VITE_OAUTH_CLIENT_SECRET: z.optional(z.string()),
  VITE_API_URL: z.optional(z.string()),
});

const env = envSchema.parse(import.meta.env);

export const config = {
  oauthClientId: env.VITE_OAUTH_CLIENT_ID || 'rastro-web',
  oauthClientSecret: env.VITE_OAUTH_CLIENT_SECRET || 'rastro-web-secret',
  apiUrl: (env.VITE_API_URL ?? '').replace(/\/+$/, ''),
  /** This build's version (APP_VERSION when it was built: vite.config.ts), shown in the footer. */
  versao: import.meta.env.VITE_VERSAO ?? 'desenvolvimento',
} as const;
