import type { Erro, ErroOAuth } from '@rastro/shared/schemas/common';

/**
 * A failed call. `message` is what the user should read (already mapped: first `errors[]`
 * item, the OAuth description, the generic internal error for 500/502, or "service
 * unavailable" when the server said nothing). `status` is 0 when no response arrived.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: Erro | null;
  readonly oauth: ErroOAuth | null;
  /** Already shown to the user by the client itself (the expired-session notice). */
  readonly handled: boolean;

  constructor(message: string, opts: { status: number; body?: Erro | null; oauth?: ErroOAuth | null; handled?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.body = opts.body ?? null;
    this.oauth = opts.oauth ?? null;
    this.handled = opts.handled ?? false;
  }

  /** True when the server answered with a message of its own. */
  get hasServerMessage(): boolean {
    return this.body !== null || this.oauth !== null;
  }

  /** The server's message for one field, if it named that field. */
  fieldMessage(campo: string): string | undefined {
    return this.body?.errors?.find((e) => e.campo === campo)?.message;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * What to tell the user when a call failed: the server's own pt-BR message for a 4xx (a limit, a
 * duplicate), else `padrao`; null when the client already told them (expired session).
 */
export function mensagemDeErro(e: unknown, padrao: string): string | null {
  if (!isApiError(e)) return padrao;
  if (e.handled) return null;
  return e.hasServerMessage && e.status >= 400 && e.status < 500 ? e.message : padrao;
}
