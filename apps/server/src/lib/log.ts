import type { FastifyRequest, FastifyServerOptions } from 'fastify';

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
  req: (req: FastifyRequest) => ({ method: req.method, url: urlSemSegredos(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket.remotePort }),
};

/** Logger options: the configured level unless `logger` overrides it; the censoring always applies. */
export function opcoesDeLog(level: string, logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const proprias = typeof logger === 'object' ? logger : {};
  return { level, ...proprias, redact, serializers: { ...proprias.serializers, ...serializers } };
}
