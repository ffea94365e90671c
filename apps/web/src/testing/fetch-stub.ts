import { vi } from 'vitest';
import type { AppConfig } from '@rastro/shared/schemas/config';

/** One request as the server would see it. */
export interface StubRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string | null;
  /** A binary body (the pet's photo), as it was sent. */
  blob: Blob | null;
}

export type StubHandler = (req: StubRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const appConfig: AppConfig = {
  captcha: { provider: 'altcha', challengeUrl: '/api/captcha/desafio' },
  mapa: { tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' },
  versao: '0.1.0-teste',
  pagamentos: { ativo: false, automatico: false },
};

const defaults: Record<string, StubHandler> = {
  'GET /api/config': () => json(200, appConfig),
};

/**
 * Replaces `fetch` (the network boundary) with handlers keyed by 'METHOD /path'.
 * Unknown calls answer 404 in the API's error shape.
 */
export function stubFetch(handlers: Record<string, StubHandler> = {}) {
  const requests: StubRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, window.location.origin);
    const method = (init?.method ?? 'GET').toUpperCase();
    const req: StubRequest = {
      method,
      url,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
      blob: init?.body instanceof Blob ? init.body : null,
    };
    requests.push(req);
    const handler = handlers[`${method} ${url.pathname}`] ?? defaults[`${method} ${url.pathname}`];
    if (!handler) return json(404, { status: 404, message: 'Registro não encontrado.' });
    return handler(req);
  });
  vi.stubGlobal('fetch', fn);
  /** The requests made to one 'METHOD /path'. */
  const calls = (key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key);
  return { requests, calls };
}
