import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pino from 'pino';

/** Every key that could carry a secret is censored in the logs. */
const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.senha', '*.token'];

/**
 * A URL as it may be logged: the password link (`/auth/alterar-sua-senha/<token>`, opened from
 * the e-mail) and secret query parameters (`valida-token?token=`) lose their values.
 */
export function urlSemSegredos(url: string): string {
  return url
    .replace(/(\/auth\/alterar-sua-senha\/)[^/?#]+/gi, '$1[Redacted]')
    .replace(/([?&](?:token|access_token|password|senha)=)[^&#]*/gi, '$1[Redacted]');
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
