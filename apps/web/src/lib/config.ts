import { z } from 'zod';

/** The one place the web app reads its build-time environment (VITE_*). */
const envSchema = z.object({
  VITE_OAUTH_CLIENT_ID: z.string().optional(),
  VITE_OAUTH_CLIENT_SECRET: z.string().optional(),
  VITE_API_URL: z.string().optional(),
});

const env = envSchema.parse(import.meta.env);

export const config = {
  oauthClientId: env.VITE_OAUTH_CLIENT_ID || 'rastro-web',
  oauthClientSecret: env.VITE_OAUTH_CLIENT_SECRET || 'rastro-web-secret',
  apiUrl: (env.VITE_API_URL ?? '').replace(/\/+$/, ''),
} as const;
