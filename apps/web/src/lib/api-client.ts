import type { z } from 'zod/mini';
import { DELAY, EMULACAO_HEADER } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { erroOAuthSchema, erroSchema } from '@rastro/shared/schemas/common';
import { ApiError } from './api-error';
import { config } from './config';
import { mostrarErro } from './snackbar';
import { encerrarSessao, lerSessao } from './sessao';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  query?: Record<string, QueryValue>;
  /** JSON body. */
  json?: unknown;
  /** application/x-www-form-urlencoded body (the /oauth endpoints). */
  form?: Record<string, string>;
  /** A binary body (the pet's photo), sent with its own type as Content-Type. */
  blob?: Blob;
  headers?: Record<string, string>;
  /** Sends the bearer token (and the emulation header); a 401 then ends the session. Default true. */
  auth?: boolean;
  /** With `auth`, a 401 shows the expired-session notice and logs out. Default true. */
  expireOn401?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.append(k, String(v));
  }
  const qs = params.toString();
  return `${config.apiUrl}${path}${qs ? `?${qs}` : ''}`;
}

let expiring = false;

/** A 401 on an authenticated call: tell the user, then log out after 0.5 s (spec §4). */
function expirarSessao() {
  if (expiring) return;
  expiring = true;
  mostrarErro(MSG.sessaoExpirada);
  setTimeout(() => {
    expiring = false;
    encerrarSessao();
  }, DELAY.sessaoExpirada);
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toApiError(status: number, data: unknown): ApiError {
  const erro = erroSchema.safeParse(data);
  const oauth = erroOAuthSchema.safeParse(data);
  const body = erro.success ? erro.data : null;
  const oauthBody = oauth.success ? oauth.data : null;
  if (status === 500 || status === 502) return new ApiError(MSG.erroInterno, { status, body, oauth: oauthBody });
  const serverMessage = body ? (body.errors?.[0]?.message ?? body.message) : oauthBody?.error_description;
  return new ApiError(serverMessage || MSG.servicoIndisponivel, { status, body, oauth: oauthBody });
}

/**
 * No answer at all: offline says so (the worker serves the app's pages without network, ADR 0023),
 * anything else is the service being down.
 */
const semResposta = () => (navigator.onLine === false ? MSG.offline : MSG.servicoIndisponivel);

/**
 * What reads an answer: a shared schema, or a hand reader held to one (`leitorManual`). Only
 * `safeParse` is used, so a zod schema is one as it is.
 */
export interface Leitor<T> {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error?: unknown };
}

/** A hand reader (`null`: not an answer of its kind) as a Leitor, for a list too long for zod (lib/leitura.ts). */
export const leitorManual = <T>(ler: (v: unknown) => T | null): Leitor<T> => ({
  safeParse(v) {
    const data = ler(v);
    return data === null ? { success: false, error: 'a resposta não tem a forma esperada' } : { success: true, data };
  },
});

/** Calls the API and parses the answer with `schema` (from packages/shared) or a hand reader held to one. Throws ApiError. */
export function apiRequest<S extends z.ZodMiniType>(path: string, schema: S, options?: RequestOptions): Promise<z.output<S>>;
export function apiRequest<T>(path: string, leitor: Leitor<T>, options?: RequestOptions): Promise<T>;
export async function apiRequest(path: string, schema: Leitor<unknown>, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', query, json, form, blob, signal } = options;
  const auth = options.auth ?? true;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: string | Blob | undefined;
  if (blob) {
    headers['Content-Type'] = blob.type || 'application/octet-stream';
    body = blob;
  } else if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }

  const sessao = lerSessao();
  const token = auth ? sessao.token : null;
  if (token) {
    headers.Authorization = `Bearer ${token}`;
    if (sessao.emulacao) headers[EMULACAO_HEADER] = String(sessao.emulacao.usuarioId);
  }

  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { method, headers, body, signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(semResposta(), { status: 0 });
  }

  const data = await readJson(res);
  if (!res.ok) {
    if (res.status === 401 && token && (options.expireOn401 ?? true)) {
      expirarSessao();
      throw new ApiError(MSG.sessaoExpirada, { status: 401, handled: true });
    }
    throw toApiError(res.status, data);
  }

  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.error(`Resposta inesperada de ${method} ${path}`, parsed.error);
    throw new ApiError(MSG.erroInterno, { status: res.status });
  }
  return parsed.data;
}

/** A downloaded file and the name the server gave it (Content-Disposition), if any. */
export interface Download {
  blob: Blob;
  nomeArquivo: string | null;
}

/** `filename*=UTF-8''…` (RFC 5987) wins over `filename="…"`. */
export function nomeDoArquivo(disposition: string | null): string | null {
  if (!disposition) return null;
  const estendido = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition)?.[1];
  if (estendido) {
    try {
      return decodeURIComponent(estendido.trim().replace(/^"|"$/g, ''));
    } catch {
      // A badly encoded name: fall back to the plain one.
    }
  }
  const simples = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(disposition);
  return (simples?.[1] ?? simples?.[2]?.trim()) || null;
}

/** GET a file (the exports) with the session's headers; failures throw ApiError like apiRequest. */
export async function apiDownload(path: string, options: Pick<RequestOptions, 'query' | 'signal'> = {}): Promise<Download> {
  const sessao = lerSessao();
  const headers: Record<string, string> = {};
  if (sessao.token) {
    headers.Authorization = `Bearer ${sessao.token}`;
    if (sessao.emulacao) headers[EMULACAO_HEADER] = String(sessao.emulacao.usuarioId);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), { headers, signal: options.signal });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(semResposta(), { status: 0 });
  }
  if (!res.ok) {
    const data = await readJson(res);
    if (res.status === 401 && sessao.token) {
      expirarSessao();
      throw new ApiError(MSG.sessaoExpirada, { status: 401, handled: true });
    }
    throw toApiError(res.status, data);
  }
  return { blob: await res.blob(), nomeArquivo: nomeDoArquivo(res.headers.get('Content-Disposition')) };
}
