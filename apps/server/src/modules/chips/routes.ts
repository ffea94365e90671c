import { chipFiltroSchema, chipFormSchema, chipPageSchema, chipSchema } from '@rastro/shared/schemas/chips';
import { erroSchema, idParamSchema, selectItemSchema } from '@rastro/shared/schemas/common';
import { PER } from '@rastro/shared/permissoes';
import { z } from 'zod';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { alterarSituacaoChip, listarChips, obterChip, salvarChip, selecionarChips } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Chips'];

export async function chipsModule(app: AppInstance) {
  const onRequest = app.auth.exigir(PER.CHIPS);

  app.get('/api/chips', {
    onRequest,
    schema: {
      tags,
      summary: 'Lista os chips (filtros código, descrição e número)',
      querystring: chipFiltroSchema,
      response: { 200: chipPageSchema, ...erros },
    },
    handler: (req) => listarChips(app.db, req.query),
  });

  app.get('/api/chips/select', {
    onRequest,
    schema: { tags, summary: 'Chips ativos, para o formulário de rastreador', response: { 200: z.array(selectItemSchema), ...erros } },
    handler: () => selecionarChips(app.db),
  });
  // GET /api/chips/select/disponiveis is the rastreadores module's: a tracker holds the link to its chip.

  app.get('/api/chips/:id', {
    onRequest,
    schema: { tags, summary: 'Um chip', params: idParamSchema, response: { 200: chipSchema, ...erros } },
    handler: (req) => obterChip(app.db, req.params.id),
  });

  app.post('/api/chips', {
    onRequest,
    schema: {
      tags,
      summary: 'Cadastra (ou, com id, altera) um chip',
      body: chipFormSchema,
      response: { 200: chipSchema, 201: chipSchema, ...erros },
    },
    handler: async (req, reply) => {
      const { chip, criado } = await salvarChip(app.db, principalDe(req), req.body);
      return reply.code(criado ? 201 : 200).send(chip);
    },
  });

  app.put('/api/chips/ativar/:id', {
    onRequest,
    schema: { tags, summary: 'Ativa um chip', params: idParamSchema, response: { 200: chipSchema, ...erros } },
    handler: (req) => alterarSituacaoChip(app.db, req.params.id, true),
  });

  app.delete('/api/chips/inativar/:id', {
    onRequest,
    schema: { tags, summary: 'Inativa um chip', params: idParamSchema, response: { 200: chipSchema, ...erros } },
    handler: (req) => alterarSituacaoChip(app.db, req.params.id, false),
  });
}
