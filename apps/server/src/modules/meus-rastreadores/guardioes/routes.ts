import * as z from '@rastro/shared/zod';
import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import {
  conviteFormSchema,
  guardiaoParamsSchema,
  guardiaoSchema,
  guardioesSchema,
  tokenConviteParamsSchema,
} from '@rastro/shared/schemas/guardioes';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import type { AppInstance } from '../../../lib/tipos';
import { principalDe } from '../../../plugins/auth';
import { aceitarConvite, convidar, listarGuardioes, removerGuardiao, type AoRemoverGuardiao } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema, 410: erroSchema };
const tags = ['Guardiões'];

/**
 * Co-guardians (issue #20): the owner invites, lists and removes; the invited accept; a guardian may
 * leave. Registered by meusRastreadoresModule, which is handed the port at composition.
 */
export async function guardioesRoutes(app: AppInstance, portas: { aoRemoverGuardiao: AoRemoverGuardiao }) {
  const onRequest = app.auth.autenticar;

  app.post('/api/usuarios/rastreadores/:id/guardioes', {
    onRequest,
    schema: {
      tags,
      summary: 'Convida alguém por e-mail para acompanhar o rastreador (no máximo 10 por rastreador)',
      params: idParamSchema,
      body: conviteFormSchema,
      response: { 201: guardiaoSchema, ...erros },
    },
    handler: async (req, reply) => reply.code(201).send(await convidar(app, principalDe(req), req.params.id, req.body.email)),
  });

  app.get('/api/usuarios/rastreadores/:id/guardioes', {
    onRequest,
    schema: {
      tags,
      summary: 'Guardiões e convites pendentes do rastreador',
      params: idParamSchema,
      response: { 200: guardioesSchema, ...erros },
    },
    handler: (req) => listarGuardioes(app.db, principalDe(req), req.params.id),
  });

  app.delete('/api/usuarios/rastreadores/:id/guardioes/eu', {
    onRequest,
    schema: { tags, summary: 'O guardião deixa de acompanhar o rastreador', params: idParamSchema, response: { 204: z.null(), ...erros } },
    handler: async (req, reply) => {
      await removerGuardiao(app, principalDe(req), req.params.id, 'eu', portas.aoRemoverGuardiao);
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/usuarios/rastreadores/:id/guardioes/:guardiaoId', {
    onRequest,
    schema: {
      tags,
      summary: 'Cancela um convite ou remove um guardião (o próprio guardião pode sair)',
      params: guardiaoParamsSchema,
      response: { 204: z.null(), ...erros },
    },
    handler: async (req, reply) => {
      await removerGuardiao(app, principalDe(req), req.params.id, req.params.guardiaoId, portas.aoRemoverGuardiao);
      return reply.code(204).send(null);
    },
  });

  app.post('/api/convites/:token/aceitar', {
    onRequest,
    schema: {
      tags,
      summary: 'Aceita um convite (uso único, 7 dias): o rastreador passa a aparecer para quem aceitou',
      params: tokenConviteParamsSchema,
      response: { 200: meuRastreadorSchema, ...erros },
    },
    handler: (req) => aceitarConvite(app, principalDe(req), req.params.token),
  });
}
