import * as z from '@rastro/shared/zod';
import { MSG } from '@rastro/shared/messages';
import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import {
  linkCriadoSchema,
  linkFormSchema,
  linkParamsSchema,
  linkPublicoSchema,
  linksSchema,
  tokenLinkParamsSchema,
} from '@rastro/shared/schemas/links';
import { ErroDaApi } from '../../lib/erros';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { limitPerIp } from '../../plugins/rate-limit/per-ip';
import { LinksAoVivo } from './ao-vivo';
import { responderComFoto, versaoQuerySchema } from '../meus-rastreadores/fotos/http';
import { criarLink, fotoPublica, linkDoToken, linkPublico, listarLinks, revogarLink } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Links de compartilhamento'];

/**
 * Share links (issue #19): the owner creates, lists and revokes them; anyone with one sees that
 * pet, read-only, live, until it expires — and nothing else. The public routes are limited per IP.
 */
export async function linksModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;
  const precisaoGps = app.config.gateway.zonas.precisaoGpsMetros;
  const aoVivo = new LinksAoVivo(app.database, precisaoGps, app.log.child({ modulo: 'links' }));
  app.addHook('onReady', () => aoVivo.iniciar());
  app.addHook('preClose', () => aoVivo.parar());
  // Decided on the matched route: a token guesser is slowed down whatever token it tries, on
  // whichever instance (app.limiter). Each route has its own count, and it replaces the general limit.
  const limitePublico = (rota: string) => ({
    config: { rateLimit: false as const },
    onRequest: limitPerIp(app.limiter, `publico:${rota}`, app.config.limits.publicoIp, 60_000),
  });

  app.post('/api/usuarios/rastreadores/:id/links', {
    onRequest,
    schema: {
      tags,
      summary: 'Cria um link público do rastreador (1 hora a 7 dias; no máximo 20 ativos)',
      params: idParamSchema,
      body: linkFormSchema,
      response: { 201: linkCriadoSchema, ...erros },
    },
    handler: async (req, reply) => reply.code(201).send(await criarLink(app, principalDe(req), req.params.id, req.body)),
  });

  app.get('/api/usuarios/rastreadores/:id/links', {
    onRequest,
    schema: { tags, summary: 'Os links ativos do rastreador', params: idParamSchema, response: { 200: linksSchema, ...erros } },
    handler: (req) => listarLinks(app.db, principalDe(req), req.params.id),
  });

  app.delete('/api/usuarios/rastreadores/:id/links/:linkId', {
    onRequest,
    schema: { tags, summary: 'Revoga um link (deixa de abrir na hora)', params: linkParamsSchema, response: { 204: z.null(), ...erros } },
    handler: async (req, reply) => {
      await revogarLink(app, principalDe(req), req.params.id, req.params.linkId);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/publico/links/:token', {
    ...limitePublico('link'),
    schema: {
      tags,
      summary: 'O que o link mostra: o pet, onde está, a bateria, a mensagem e as últimas 2 horas (sem login)',
      params: tokenLinkParamsSchema,
      response: { 200: linkPublicoSchema, 400: erroSchema, 404: erroSchema, 410: erroSchema, 429: erroSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return linkPublico(app.db, req.params.token, precisaoGps);
    },
  });

  app.get('/api/publico/links/:token/foto', {
    ...limitePublico('foto'),
    schema: {
      tags,
      summary: 'A foto do pet (WebP), enquanto o link vale (sem login)',
      params: tokenLinkParamsSchema,
      querystring: versaoQuerySchema,
      response: {
        200: { description: 'A foto (WebP)', content: { 'image/webp': { schema: z.file() } } },
        400: erroSchema,
        404: erroSchema,
        410: erroSchema,
        429: erroSchema,
      },
    },
    handler: async (req, reply) => responderComFoto(reply, await fotoPublica(app.db, req.params.token), req.query.v),
  });

  app.get('/api/publico/links/:token/eventos', {
    ...limitePublico('eventos'),
    schema: {
      tags,
      summary: 'Fluxo de eventos (text/event-stream): "posicao" a cada nova posição, "expirado" quando o link deixa de valer',
      params: tokenLinkParamsSchema,
      response: { 404: erroSchema, 410: erroSchema, 429: erroSchema },
    },
    handler: async (req, reply) => {
      const link = await linkDoToken(app.db, req.params.token);
      if (!aoVivo.cabe(req.ip)) throw new ErroDaApi(429, MSG.muitasTentativas);
      reply.hijack();
      aoVivo.abrir(reply.raw, link, req.ip);
    },
  });
}
