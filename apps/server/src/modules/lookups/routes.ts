import { erroSchema } from '@rastro/shared/schemas/common';
import { cepParamSchema, cidadesSelectSchema, estadoParamSchema, estadosSelectSchema, viaCepSchema } from '@rastro/shared/schemas/lookups';
import type { AppInstance } from '../../lib/tipos';
import { buscarCep, listarCidades, listarEstados } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema };
const tags = ['Consultas'];

/** Lookups for forms; any logged user (the owner's account form uses them too). */
export async function lookupsModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;

  app.get('/api/estados/select', {
    onRequest,
    schema: { tags, summary: 'Os 27 estados', response: { 200: estadosSelectSchema, ...erros } },
    handler: () => listarEstados(app.db),
  });

  app.get('/api/cidades/select/:stateId', {
    onRequest,
    schema: { tags, summary: 'Os municípios de um estado', params: estadoParamSchema, response: { 200: cidadesSelectSchema, ...erros } },
    handler: (req) => listarCidades(app.db, req.params.stateId),
  });

  app.get('/api/via-cep/cep/:cep', {
    onRequest,
    schema: {
      tags,
      summary: 'Endereço de um CEP (ViaCEP, com cache)',
      params: cepParamSchema,
      response: { 200: viaCepSchema, 404: erroSchema, 503: erroSchema, ...erros },
    },
    handler: (req) => buscarCep(app, req.params.cep),
  });
}
