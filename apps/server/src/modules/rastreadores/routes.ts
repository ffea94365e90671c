import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { mensagemSchema } from '@rastro/shared/schemas/auth';
import {
  rastreadorAdminPageSchema,
  rastreadorAdminSchema,
  rastreadorDetalheSchema,
  rastreadorFiltroSchema,
  rastreadorFormSchema,
} from '@rastro/shared/schemas/rastreadores';
import { PER } from '@rastro/shared/roles';
import type { AppInstance } from '../../lib/types';
import { principalDe } from '../../plugins/auth';
import {
  alterarSituacaoRastreador,
  desligarRastreador,
  detalharRastreador,
  listarRastreadores,
  obterRastreador,
  salvarRastreador,
} from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Rastreadores (administração)'];

export async function rastreadoresModule(app: AppInstance) {
  const onRequest = app.auth.exigir(PER.RASTREADORES);

  app.get('/api/rastreadores', {
    onRequest,
    schema: {
      tags,
      summary: 'Lista os rastreadores (busca por código e IMEI)',
      querystring: rastreadorFiltroSchema,
      response: { 200: rastreadorAdminPageSchema, ...erros },
    },
    handler: (req) => listarRastreadores(app.db, req.query),
  });

  app.get('/api/rastreadores/:id', {
    onRequest,
    schema: { tags, summary: 'Um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => obterRastreador(app.db, req.params.id),
  });

  app.get('/api/rastreadores/:id/detalhe', {
    onRequest,
    schema: { tags, summary: 'Detalhe de um rastreador', params: idParamSchema, response: { 200: rastreadorDetalheSchema, ...erros } },
    handler: (req) => detalharRastreador(app.db, req.params.id),
  });

  app.post('/api/rastreadores', {
    onRequest,
    schema: {
      tags,
      summary: 'Cadastra (ou, com id, altera) um rastreador',
      body: rastreadorFormSchema,
      response: { 200: rastreadorAdminSchema, 201: rastreadorAdminSchema, ...erros },
    },
    handler: async (req, reply) => {
      const { rastreador, criado } = await salvarRastreador(app, principalDe(req), req.body);
      return reply.code(criado ? 201 : 200).send(rastreador);
    },
  });

  app.put('/api/rastreadores/ativar/:id', {
    onRequest,
    schema: { tags, summary: 'Ativa um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => alterarSituacaoRastreador(app.db, req.params.id, true),
  });

  app.delete('/api/rastreadores/inativar/:id', {
    onRequest,
    schema: { tags, summary: 'Inativa um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => alterarSituacaoRastreador(app.db, req.params.id, false),
  });

  // Also for the tracker's owner: the service checks PER100 or ownership.
  app.put('/api/rastreadores/desligar/:id', {
    onRequest: app.auth.autenticar,
    schema: {
      tags,
      summary: 'Pede o desligamento do rastreador (administrador ou dono)',
      params: idParamSchema,
      response: { 200: mensagemSchema, ...erros },
    },
    handler: (req) => desligarRastreador(app, principalDe(req), req.params.id, req.ip),
  });
}
