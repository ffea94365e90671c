import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of every response (CSP, frame-ancestors, nosniff, HSTS…), as helmet
 * writes them for these options, lowercased. Nothing in them depends on the request: helmet runs
 * once, here, against a response that only records them, and each request copies the result
 * into its reply (app.ts). Running helmet's thirteen middlewares (COEP is off) on every request, each setting
 * its header on the raw response, cost the map's current positions about a tenth of its
 * throughput (bench/api).
 */
export function cabecalhosDeSeguranca(recaptcha: readonly string[]): Readonly<Record<string, string>> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...recaptcha],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
