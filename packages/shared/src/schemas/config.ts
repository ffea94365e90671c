import * as z from '@rastro/shared/zod';
import { nomeado } from './common';

export const captchaConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ provider: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/** GET /api/config: what the web app needs before login. */
export const appConfigSchema = nomeado(
  'AppConfig',
  z.object({
    captcha: captchaConfigSchema,
    mapa: z.object({ tileUrl: z.string(), attribution: z.string() }),
    versao: z.string(),
    /** Subscriptions and Pix are on (a Pix key or a PSP is configured): the payment screens are real. */
    pagamentos: z.object({
      ativo: z.boolean(),
      /** Pix Automático can be chosen (a PSP offering it, and the receiver's account, are configured). */
      automatico: z.boolean(),
    }),
  }),
);
export type AppConfig = z.infer<typeof appConfigSchema>;

/** ALTCHA v2 challenge (GET /api/captcha/desafio), passed to the widget as it is. */
export const captchaDesafioSchema = nomeado(
  'DesafioCaptcha',
  z.object({
    parameters: z.record(z.string(), z.unknown()),
    signature: z.optional(z.string()),
  }),
);

export const healthSchema = z.object({ status: z.enum(['ok', 'indisponivel']), database: z.boolean() });
