import * as z from '@rastro/shared/zod';
import { PUSH } from '../constants';
import { MSG } from '../messages';
import { nomeado } from './common';

const base64url = (min: number, max: number) =>
  z
    .string({ error: MSG.campoObrigatorio })
    .check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/, MSG.campoInvalido), z.minLength(min, MSG.campoInvalido), z.maxLength(max, MSG.campoInvalido));

const endpoint = () =>
  z
    .string({ error: MSG.campoObrigatorio })
    .check(z.minLength(1, MSG.campoObrigatorio), z.maxLength(PUSH.endpointMax, MSG.pushEndpointInvalido));

/** GET /api/push/chave: the VAPID public key the browser subscribes with (base64url). */
export const chavePushSchema = nomeado('ChavePush', z.object({ chavePublica: z.string() }));
export type ChavePush = z.infer<typeof chavePushSchema>;

/** POST /api/push/inscricoes: the browser's PushSubscription as `toJSON()` gives it. */
export const inscricaoPushSchema = z.object({
  endpoint: endpoint(),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes → 87 characters). */
    p256dh: base64url(80, 100),
    /** The 16-byte auth secret (22 characters). */
    auth: base64url(16, 30),
  }),
});
export type InscricaoPush = z.infer<typeof inscricaoPushSchema>;

/** DELETE /api/push/inscricoes: which subscription (this browser's) to remove. */
export const cancelarInscricaoPushSchema = z.object({ endpoint: endpoint() });

/** What the service worker receives in each push: the pet's name, what happened, where to open. */
export const mensagemPushSchema = z.object({
  titulo: z.string(),
  corpo: z.string(),
  rastreadorId: z.nullable(z.int()),
  url: z.string(),
  /** The notification's id (tag: the same alert twice shows once). */
  id: z.string(),
});
export type MensagemPush = z.infer<typeof mensagemPushSchema>;
