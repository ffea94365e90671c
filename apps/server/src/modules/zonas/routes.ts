import * as z from '@rastro/shared/zod';
import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { eventoZonaFiltroSchema, eventoZonaPageSchema, zonaFormSchema, zonaSchema, zonasSchema } from '@rastro/shared/schemas/zonas';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { alterarZona, criarZona, eventosDaZona, eventosDoRastreador, excluirZona, listarZonas, obterZona } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Zonas seguras'];

/** The logged (or emulated) user's safe zones: anyone else's zone or tracker answers 404. */
export async function zonasModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;

  app.get('/api/zonas', {
    onRequest,
    schema: { tags, summary: 'Minhas zonas seguras, por nome', response: { 200: zonasSchema, ...erros } },
    handler: (req) => listarZonas(app.db, principalDe(req).usuarioId),
  });

  app.post('/api/zonas', {
    onRequest,
    schema: { tags, summary: 'Cria uma zona segura (círculo ou polígono)', body: zonaFormSchema, response: { 201: zonaSchema, ...erros } },
    handler: async (req, reply) => reply.code(201).send(await criarZona(app, principalDe(req).usuarioId, req.body)),
  });

  app.get('/api/zonas/:id', {
    onRequest,
    schema: { tags, summary: 'Uma das minhas zonas seguras', params: idParamSchema, response: { 200: zonaSchema, ...erros } },
    handler: (req) => obterZona(app.db, principalDe(req).usuarioId, req.params.id),
  });

  app.put('/api/zonas/:id', {
    onRequest,
    schema: {
      tags,
      summary: 'Altera uma zona segura (o estado de cada rastreador nela recomeça, sem alertar)',
      params: idParamSchema,
      body: zonaFormSchema,
      response: { 200: zonaSchema, ...erros },
    },
    handler: (req) => alterarZona(app, principalDe(req).usuarioId, req.params.id, req.body),
  });

  app.delete('/api/zonas/:id', {
    onRequest,
    schema: { tags, summary: 'Exclui uma zona segura e os seus eventos', params: idParamSchema, response: { 204: z.null(), ...erros } },
    handler: async (req, reply) => {
      await excluirZona(app, principalDe(req).usuarioId, req.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/zonas/:id/eventos', {
    onRequest,
    schema: {
      tags,
      summary: 'Entradas e saídas de uma zona, mais novas primeiro',
      params: idParamSchema,
      querystring: eventoZonaFiltroSchema,
      response: { 200: eventoZonaPageSchema, ...erros },
    },
    handler: (req) => eventosDaZona(app.db, principalDe(req).usuarioId, req.params.id, req.query),
  });

  app.get('/api/usuarios/rastreadores/:id/eventos-zonas', {
    onRequest,
    schema: {
      tags,
      summary: 'Entradas e saídas de zonas de um dos meus rastreadores (id do vínculo)',
      params: idParamSchema,
      querystring: eventoZonaFiltroSchema,
      response: { 200: eventoZonaPageSchema, ...erros },
    },
    handler: (req) => eventosDoRastreador(app.db, principalDe(req).usuarioId, req.params.id, req.query),
  });
}
