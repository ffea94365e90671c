import { erroSchema } from '@rastro/shared/schemas/common';
import {
  cepParamSchema,
  cidadesSelectSchema,
  estadoParamSchema,
  estadosSelectSchema,
  niveisSelectSchema,
  viaCepSchema,
} from '@rastro/shared/schemas/lookups';
import { PER } from '@rastro/shared/roles';
import type { AppInstance } from '../../lib/types';
import { listarNiveis } from '../usuarios/service';
import { listarCidades, listarEstados } from './repository';
import { buscarCep } from './via-cep';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema };
const tags = ['Consultas'];

/** Lookups for forms; any logged user (the owner's account form uses them too), levels PER2. */
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

  app.get('/api/niveis/select', {
    onRequest: app.auth.exigir(PER.USUARIOS),
    schema: { tags, summary: 'Níveis (perfis) de usuário', response: { 200: niveisSelectSchema, ...erros } },
    handler: () => listarNiveis(app.db),
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
