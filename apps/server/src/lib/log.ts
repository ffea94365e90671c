import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Every key that could carry a secret is censored in the logs. */
const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.senha', '*.token'];

/** A literal path segment as the router reads it: each letter may also come percent-encoded. */
function segmento(palavra: string): string {
  return [...palavra].map((c) => `(?:${c}|%${c.charCodeAt(0).toString(16)})`).join('');
}

/** A path made of `segmentos`, then the secret one (the group keeps what precedes it). */
function caminhoComSegredo(...segmentos: string[]): RegExp {
  const prefixo = segmentos.map((s) => `/+${segmento(s)}`).join('');
  return new RegExp(`^((?:[a-z][a-z0-9+.-]*://[^/]*)?${prefixo}/+)[^/?#]+`, 'i');
}

/**
 * Paths whose segment after the prefix is a secret: a share link's page and its API
 * (`/p/<token>`, `/api/publico/links/<token>[/eventos|/foto]`), an invitation's page and its
 * acceptance (`/convite/<token>`, `/api/convites/<token>/aceitar`), the PSP's webhook
 * (`/api/pix/webhook/<segredo>/pix`), anchored at the start of the
 * path and matched however the client spells them (`/%70/<token>`, `//convite//<token>`): the
 * router decodes and the token works all the same.
 */
const CAMINHOS_COM_SEGREDO = [
  caminhoComSegredo('p'),
  caminhoComSegredo('convite'),
  caminhoComSegredo('api', 'publico', 'links'),
  caminhoComSegredo('api', 'convites'),
  caminhoComSegredo('api', 'pix', 'webhook'),
];

/**
 * A URL as it may be logged: the password link (`/auth/alterar-sua-senha/<token>`, opened from
 * the e-mail), share links and invitations (CAMINHOS_COM_SEGREDO) and secret query parameters
 * (`valida-token?token=`) lose their values.
 */
export function urlSemSegredos(url: string): string {
  let censurada = url.replace(/(\/auth\/alterar-sua-senha\/)[^/?#]+/gi, '$1[Redacted]');
  for (const re of CAMINHOS_COM_SEGREDO) censurada = censurada.replace(re, '$1[Redacted]');
  return censurada.replace(/([?&](?:token|access_token|password|senha)=)[^&#]*/gi, '$1[Redacted]');
}

/** Fastify's request serializer, with the URL censored. */
const serializers = {
  req: (req: FastifyRequest) => ({
    method: req.method,
    url: urlSemSegredos(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket.remotePort,
  }),
};

/** Logger options: the configured level unless `logger` overrides it; the censoring always applies. */
export function opcoesDeLog(level: string, logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const proprias = typeof logger === 'object' ? logger : {};
  return { level, ...proprias, redact, serializers: { ...proprias.serializers, ...serializers } };
}

/** Most bytes of log held in memory while the output cannot keep up; beyond that lines are dropped. */
const LOG_MAX_EM_MEMORIA = 4 * 1024 * 1024;

/**
 * Standard output for the process's log, written asynchronously with a bounded buffer: a reader
 * that stops reading (a full pipe) costs log lines, never the event loop — pino's default
 * synchronous writes would block the process, signals included.
 */
export function saidaDoLog() {
  return pino.destination({ dest: 1, sync: false, maxLength: LOG_MAX_EM_MEMORIA });
}

/**
 * Before the process exits: writes what the log still holds, waiting at most `ms`, then drops
 * the rest — otherwise pino's exit hook would write it synchronously into a stuck output.
 */
export async function encerrarLog(saida: ReturnType<typeof saidaDoLog>, ms = 1000) {
  await Promise.race([
    new Promise<void>((r) => {
      try {
        saida.flush(() => r());
      } catch {
        r();
      }
    }),
    new Promise<void>((r) => setTimeout(r, ms).unref()),
  ]);
  saida.destroy();
}
