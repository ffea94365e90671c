import { erroSchema, idParamSchema, selectItemSchema } from '@rastro/shared/schemas/common';
import {
  rastreadorAdminPageSchema,
  rastreadorAdminSchema,
  rastreadorDetalheSchema,
  rastreadorFiltroSchema,
  rastreadorFormSchema,
} from '@rastro/shared/schemas/rastreadores';
import { PER } from '@rastro/shared/permissoes';
import { z } from 'zod';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import type { PortasRastreadores } from './portas';
import { criarListagem } from './repository';
import {
  alterarSituacaoRastreador,
  detalharRastreador,
  listarRastreadores,
  obterRastreador,
  salvarRastreador,
  selecionarChipsDisponiveis,
} from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Rastreadores (administração)'];
/** As the chips module answers its own routes. */
const errosDosChips = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };

export async function rastreadoresModule(app: AppInstance, portas: PortasRastreadores) {
  const onRequest = app.auth.exigir(PER.RASTREADORES);
  const { vinculosDosRastreadores } = portas;
  const listar = criarListagem(portas.vinculoNaLista);

  app.get('/api/rastreadores', {
    onRequest,
    schema: {
      tags,
      summary: 'Lista os rastreadores (busca por código e IMEI)',
      querystring: rastreadorFiltroSchema,
      response: { 200: rastreadorAdminPageSchema, ...erros },
    },
    handler: (req) => listarRastreadores(app.db, req.query, listar),
  });

  app.get('/api/rastreadores/:id', {
    onRequest,
    schema: { tags, summary: 'Um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => obterRastreador(app.db, req.params.id, vinculosDosRastreadores),
  });

  app.get('/api/rastreadores/:id/detalhe', {
    onRequest,
    schema: { tags, summary: 'Detalhe de um rastreador', params: idParamSchema, response: { 200: rastreadorDetalheSchema, ...erros } },
    handler: (req) => detalharRastreador(app.db, req.params.id, portas),
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
      const { rastreador, criado } = await salvarRastreador(app, principalDe(req), req.body, vinculosDosRastreadores);
      return reply.code(criado ? 201 : 200).send(rastreador);
    },
  });

  app.put('/api/rastreadores/ativar/:id', {
    onRequest,
    schema: { tags, summary: 'Ativa um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => alterarSituacaoRastreador(app.db, req.params.id, true, vinculosDosRastreadores),
  });

  app.delete('/api/rastreadores/inativar/:id', {
    onRequest,
    schema: { tags, summary: 'Inativa um rastreador', params: idParamSchema, response: { 200: rastreadorAdminSchema, ...erros } },
    handler: (req) => alterarSituacaoRastreador(app.db, req.params.id, false, vinculosDosRastreadores),
  });

  // The tracker form's chips, under the chips' URL and code: which chip a tracker uses is this module's.
  app.get('/api/chips/select/disponiveis', {
    onRequest: app.auth.exigir(PER.CHIPS),
    schema: {
      tags: ['Chips'],
      summary: 'Chips ativos que nenhum rastreador usa',
      response: { 200: z.array(selectItemSchema), ...errosDosChips },
    },
    handler: () => selecionarChipsDisponiveis(app.db),
  });

  // PUT /api/rastreadores/desligar/:id is the meus-rastreadores module's: the owner may ask it too.
}
