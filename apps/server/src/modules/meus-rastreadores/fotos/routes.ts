import * as z from '@rastro/shared/zod';
import { FOTO_PET } from '@rastro/shared/constants';
import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import type { AppInstance } from '../../../lib/tipos';
import { principalDe } from '../../../plugins/auth';
import { errosDoEnvio, responderComFoto, TIPOS_DE_FOTO, versaoQuerySchema } from './http';
import { enviarFoto, obterFoto, removerFoto } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Meus rastreadores'];
const caminho = '/api/usuarios/rastreadores/:id/foto';

/** The upload as OpenAPI shows it; the route takes the bytes as they came (validated by decoding them). */
const corpoDaFoto = z.file().check(z.maxSize(FOTO_PET.bytesMax));
const imagem = { description: 'A foto (WebP)', content: { 'image/webp': { schema: z.file() } } };

/**
 * The pet's photo (issue #32), on the owner's link: the owner sends and removes it; the owner and
 * the co-guardians read it — by the Authorization header or, since an `<img>` sends none, the
 * session cookie. Registered as its own plugin (meusRastreadoresModule): only there are bodies
 * parsed as images, up to 5 MB.
 */
export async function fotosRoutes(app: AppInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(TIPOS_DE_FOTO, { parseAs: 'buffer', bodyLimit: FOTO_PET.bytesMax }, (_req, corpo, done) => done(null, corpo));

  app.put(caminho, {
    onRequest: app.auth.autenticar,
    bodyLimit: FOTO_PET.bytesMax,
    errorHandler: errosDoEnvio,
    // The body is bytes, not JSON: it is checked by decoding it, in the service.
    validatorCompiler: (rota) =>
      rota.httpPart === 'body'
        ? (corpo: unknown) => ({ value: corpo })
        : validatorCompiler({ ...rota, schema: rota.schema as unknown as $ZodType }),
    schema: {
      tags,
      summary: 'Envia a foto do pet (JPEG, PNG ou WebP até 5 MB; guardada como WebP quadrada de até 256 px, sem metadados). Só o dono.',
      params: idParamSchema,
      consumes: TIPOS_DE_FOTO,
      body: corpoDaFoto,
      response: { 204: z.null(), ...erros, 413: erroSchema, 415: erroSchema, 429: erroSchema },
    },
    handler: async (req, reply) => {
      await enviarFoto(app, principalDe(req), req.params.id, req.body as unknown);
      return reply.code(204).send(null);
    },
  });

  app.get(caminho, {
    onRequest: app.auth.autenticarImagem,
    schema: {
      tags,
      summary: 'A foto do pet (WebP), para o dono e os guardiões',
      params: idParamSchema,
      querystring: versaoQuerySchema,
      response: { 200: imagem, ...erros },
    },
    handler: async (req, reply) => responderComFoto(reply, await obterFoto(app.db, principalDe(req), req.params.id), req.query.v),
  });

  app.delete(caminho, {
    onRequest: app.auth.autenticar,
    schema: { tags, summary: 'Remove a foto do pet. Só o dono.', params: idParamSchema, response: { 204: z.null(), ...erros } },
    handler: async (req, reply) => {
      await removerFoto(app, principalDe(req), req.params.id);
      return reply.code(204).send(null);
    },
  });
}
