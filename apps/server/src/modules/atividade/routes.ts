import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { atividadeDiasSchema, atividadeQuerySchema, metaAtividadeOuNulaSchema } from '@rastro/shared/schemas/atividade';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { atividadeDoRastreador, definirMeta, obterMeta } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Atividade'];

/** A pet's daily activity and its daily goal, by the caller's link id: anyone else's tracker answers 404. */
export async function atividadeModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;

  app.get('/api/usuarios/rastreadores/:id/atividade', {
    onRequest,
    schema: {
      tags,
      summary: 'Distância, minutos ativos e em repouso de cada dia do período (no máximo 92 dias)',
      params: idParamSchema,
      querystring: atividadeQuerySchema,
      response: { 200: atividadeDiasSchema, ...erros },
    },
    handler: (req) => atividadeDoRastreador(app.db, principalDe(req).usuarioId, req.params.id, req.query),
  });

  app.get('/api/usuarios/rastreadores/:id/meta-atividade', {
    onRequest,
    schema: {
      tags,
      summary: 'A meta diária do pet (metros ou minutos ativos), ou null',
      params: idParamSchema,
      response: { 200: metaAtividadeOuNulaSchema, ...erros },
    },
    handler: (req) => obterMeta(app.db, principalDe(req).usuarioId, req.params.id),
  });

  app.put('/api/usuarios/rastreadores/:id/meta-atividade', {
    onRequest,
    schema: {
      tags,
      summary: 'Define a meta diária (uma notificação no dia em que for atingida); null remove',
      params: idParamSchema,
      body: metaAtividadeOuNulaSchema,
      response: { 200: metaAtividadeOuNulaSchema, ...erros },
    },
    handler: (req) => definirMeta(app.db, principalDe(req).usuarioId, req.params.id, req.body),
  });
}
