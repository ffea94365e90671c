import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The origin of an `http:` URL template (`http://10.0.0.5:8080/{z}/{x}/{y}.png`), if it is one. */
function origemHttp(modelo: string | undefined): string[] {
  if (!modelo) return [];
  try {
    const url = new URL(modelo.replace(/\{[^}]*\}/g, '0'));
    return url.protocol === 'http:' ? [url.origin] : [];
  } catch {
    return [];
  }
}

/**
 * The security headers of every response (CSP, frame-ancestors, nosniff, HSTS…), as helmet
 * writes them for these options, lowercased. Nothing in them depends on the request, so helmet
 * runs once, here, and each request copies the result (docs/adr/0005-cabecalhos-pre-calculados.md).
 */
export function securityHeaders(
  recaptcha: readonly string[],
  scriptsEmLinha: readonly string[] = [],
  /** MAP_TILE_URL: an `http:` tile server (on a private network, or the tests' local one) must be named; `https:` ones already are. */
  tileUrl?: string,
): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptsEmLinha, ...recaptcha],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...origemHttp(tileUrl)],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: recaptcha.length ? [...recaptcha] : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const cabecalhos = new Map<string, string>();
  const resposta = {
    setHeader(nome: string, valor: number | string | readonly string[]) {
      cabecalhos.set(nome.toLowerCase(), Array.isArray(valor) ? valor.join(', ') : String(valor));
    },
    removeHeader(nome: string) {
      cabecalhos.delete(nome.toLowerCase());
    },
  };
  let pronto = false;
  middleware({} as IncomingMessage, resposta as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    pronto = true;
  });
  // helmet's middlewares are synchronous; one that was not would leave headers out.
  if (!pronto) throw new Error('helmet não terminou de forma síncrona');
  return Object.freeze(Object.fromEntries(cabecalhos));
}

/**
 * The CSP sources ('sha256-…') of a page's inline scripts: the login drawn in the HTML carries one
 * (apps/web/login-estatico.html), and only that exact script runs — no 'unsafe-inline'.
 */
export function hashesDeScripts(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Every answer gets the headers (Fastify writes them with its own in one go when it leaves). */
export const securityHeadersPlugin = fp<{ headers: Readonly<Record<string, string>> }>(
  async (app, { headers }) => {
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
