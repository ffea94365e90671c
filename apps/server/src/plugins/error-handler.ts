import { MSG } from '@rastro/shared/messages';
import type { Erro } from '@rastro/shared/schemas/common';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErroDaApi, OAuthError } from '../lib/erros';
import fp from 'fastify-plugin';

/** Maps every error to the API's error shapes (docs/ARCHITECTURE.md), in pt-BR; a 5xx never shows internals. */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError, req, reply) => {
      const oauth = req.routeOptions.config.oauth === true;
      if (err instanceof OAuthError) return reply.code(err.status).send({ error: err.code, error_description: err.message });
      if (err instanceof ErroDaApi) return enviar(reply, oauth, err.status, err.message, err.errors, 'invalid_request');

      if (hasZodFastifySchemaValidationErrors(err)) {
        const errors = err.validation.map((v) => ({
          campo: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body'),
          message: traduzir(v.message ?? MSG.campoInvalido),
        }));
        return enviar(reply, oauth, 400, errors[0]?.message ?? MSG.requisicaoInvalida, errors, 'invalid_request');
      }

      const status = err.statusCode ?? 500;
      if (status === 413) return enviar(reply, oauth, 413, MSG.corpoMuitoGrande);
      if (status === 429) return enviar(reply, oauth, 429, MSG.muitasTentativas, undefined, 'too_many_requests');
      if (status >= 400 && status < 500) {
        req.log.info({ code: err.code, status }, 'requisição inválida');
        return enviar(reply, oauth, status, status === 404 ? MSG.naoEncontrado : MSG.requisicaoInvalida);
      }
      req.log.error({ err }, 'erro interno');
      return enviar(reply, oauth, 500, MSG.erroInterno, undefined, 'server_error');
    });
  },
  { name: 'error-handler' },
);

/**
 * Fastify's own errors raised before any route is found (a malformed percent-encoding in the
 * path, a path parameter over maxParamLength): without this they answer in English. No hook runs
 * for them, so the security headers every other answer gets from onRequest are set here.
 */
export function frameworkErrors(cabecalhos: Readonly<Record<string, string>>) {
  return (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    const body: Erro = { status, message: status === 500 ? MSG.erroInterno : MSG.requisicaoInvalida };
    return reply.headers(cabecalhos).code(status).send(body);
  };
}

function enviar(
  reply: FastifyReply,
  oauth: boolean,
  status: number,
  message: string,
  errors?: Erro['errors'],
  oauthCode = 'invalid_request',
) {
  if (oauth) return reply.code(status).send({ error: oauthCode, error_description: message });
  const body: Erro = errors && errors.length > 0 ? { status, message, errors } : { status, message };
  return reply.code(status).send(body);
}

/** zod's own English messages for type errors become the pt-BR ones; ours pass through. */
function traduzir(msg: string): string {
  if (/^Invalid input: expected .*, received undefined$/.test(msg)) return MSG.campoObrigatorio;
  if (/^Invalid|^Too (big|small)|^Unrecognized/.test(msg)) return MSG.campoInvalido;
  return msg;
}
