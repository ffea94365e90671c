import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { planoFormSchema, planoSchema, planosQuerySchema } from '@rastro/shared/schemas/pagamentos';
import { PER, temPermissao } from '@rastro/shared/roles';
import { z } from 'zod';
import { acessoNegado } from '../../lib/erros';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { alterarPlano, criarPlano, inativarPlano, obterPlano, planos } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Pagamentos'];

/** Plans (issue #35): the catalog any logged-in user reads, kept by the payments' administrators (PER300). */
export async function pagamentosModule(app: AppInstance) {
  const administrar = app.auth.exigir(PER.PAGAMENTOS);

  app.get('/api/planos', {
    onRequest: app.auth.exigir(),
    schema: {
      tags,
      summary: 'Planos ativos, do mais barato ao mais caro (inativos=true, só PER300: também os inativos)',
      querystring: planosQuerySchema,
      response: { 200: z.array(planoSchema), ...erros },
    },
    handler: (req) => {
      const inativos = req.query.inativos === 'true';
      if (inativos && !temPermissao(principalDe(req).authorities, [PER.PAGAMENTOS])) throw acessoNegado();
      return planos(app.db, inativos);
    },
  });

  app.get('/api/planos/:id', {
    onRequest: administrar,
    schema: { tags, summary: 'Um plano', params: idParamSchema, response: { 200: planoSchema, ...erros } },
    handler: (req) => obterPlano(app.db, req.params.id),
  });

  app.post('/api/planos', {
    onRequest: administrar,
    schema: { tags, summary: 'Cadastra um plano', body: planoFormSchema, response: { 201: planoSchema, ...erros } },
    handler: async (req, reply) => reply.code(201).send(await criarPlano(app.db, principalDe(req), req.body)),
  });

  app.put('/api/planos/:id', {
    onRequest: administrar,
    schema: {
      tags,
      summary: 'Altera um plano (as assinaturas já feitas mantêm o seu preço)',
      params: idParamSchema,
      body: planoFormSchema,
      response: { 200: planoSchema, ...erros },
    },
    handler: (req) => alterarPlano(app.db, req.params.id, req.body),
  });

  app.delete('/api/planos/:id', {
    onRequest: administrar,
    schema: {
      tags,
      summary: 'Inativa um plano: sai da lista dos donos; as assinaturas já feitas continuam com o seu preço',
      params: idParamSchema,
      response: { 200: planoSchema, ...erros },
    },
    handler: (req) => inativarPlano(app.db, req.params.id),
  });
}
