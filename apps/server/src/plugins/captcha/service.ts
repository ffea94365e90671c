import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { deriveHmacKeySecret, verify } from 'altcha-lib/frameworks/shared';
import type { Config } from '../../config';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import '../infra';
import { limparExpirados, marcarUsado, parametroOuCriar } from './repository';

export interface CaptchaService {
  /** The ALTCHA challenge for the widget (only for provider altcha). */
  desafio(): Promise<{ parameters: Record<string, unknown>; signature?: string | undefined }>;
  /** True when the payload is a fresh, valid, never-used solution. */
  verificar(payload: string | undefined, ip?: string): Promise<boolean>;
}

const ALGORITMO = 'SHA-256';

export async function createCaptchaService(db: Db, cfg: Config['captcha']): Promise<CaptchaService> {
  if (cfg.provider === 'recaptcha') return recaptcha(cfg);
  const secret = cfg.secret ?? (await parametroOuCriar(db, 'captcha.secret', () => randomBytes(32).toString('hex')));
  const keySecret = await deriveHmacKeySecret(secret);
  let ultimaLimpeza = 0;
  const store = {
    get: () => false,
    set: () => undefined,
    setIfAbsent: (chave: string) => marcarUsado(db, chave.slice(0, 128), new Date(Date.now() + cfg.expiresSeconds * 1000 * 2)),
  };
  return {
    async desafio() {
      const c = await createChallenge({
        algorithm: ALGORITMO,
        cost: cfg.cost,
        counter: randomInt(cfg.counterMin, cfg.counterMax),
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: keySecret,
        expiresAt: new Date(Date.now() + cfg.expiresSeconds * 1000),
      });
      return { parameters: { ...c.parameters }, signature: c.signature };
    },
    async verificar(payload) {
      if (!payload || payload.length > 8192) return false;
      // Only self-hosted proofs of work count; payloads signed by a remote service are refused.
      if (payload.includes('verificationData') || decodeIncludes(payload, 'verificationData')) return false;
      if (Date.now() - ultimaLimpeza > 600_000) {
        ultimaLimpeza = Date.now();
        await limparExpirados(db);
      }
      const r = await verify(payload, deriveKey, secret, keySecret, store);
      return r.error === null && r.verification?.verified === true;
    },
  };
}

function decodeIncludes(payload: string, needle: string) {
  try {
    return Buffer.from(payload, 'base64').toString('utf8').includes(needle);
  } catch {
    return false;
  }
}

/** reCAPTCHA v2: the token is checked with Google's siteverify (or RECAPTCHA_VERIFY_URL). */
function recaptcha(cfg: Config['captcha']): CaptchaService {
  return {
    desafio: () => Promise.reject(new Error('reCAPTCHA não usa desafio próprio')),
    async verificar(payload, ip) {
      if (!payload || payload.length > 8192 || !cfg.recaptchaSecretKey) return false;
      const body = new URLSearchParams({ secret: cfg.recaptchaSecretKey, response: payload, ...(ip ? { remoteip: ip } : {}) });
      try {
        const res = await fetch(cfg.recaptchaVerifyUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
        const json = (await res.json()) as { success?: unknown };
        return json.success === true;
      } catch {
        return false;
      }
    },
  };
}

/** `app.captcha`: ALTCHA (its secret kept in the database unless configured) or reCAPTCHA. */
export const captchaPlugin = fp(
  async (app) => {
    app.decorate('captcha', await createCaptchaService(app.db, app.config.captcha));
  },
  { name: 'captcha', dependencies: ['core'] },
);
