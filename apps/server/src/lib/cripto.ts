import { hash as resumo, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id (Algorithm.Argon2id = 2; the enum is const) with OWASP's profile: 19 MiB, 2 iterations. */
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashSenha = (senha: string) => hash(senha, ARGON2);

export async function verificarSenha(hashArmazenado: string | null, senha: string): Promise<boolean> {
  if (!hashArmazenado) {
    // Same work as a real check, so a missing account is not told apart by timing.
    await hash(senha, ARGON2);
    return false;
  }
  try {
    return await verify(hashArmazenado, senha);
  } catch {
    return false;
  }
}

/** A random 32-byte opaque token, URL-safe. */
export const novoToken = () => randomBytes(32).toString('base64url');

/** SHA-256 in hex, one shot (`crypto.hash`: no Hash object; it runs on every authenticated request). */
export const sha256 = (v: string) => resumo('sha256', v, 'hex');

export function igualSeguro(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** A readable random password for the first administrator. */
export function senhaAleatoria(): string {
  return randomBytes(12).toString('base64url');
}
