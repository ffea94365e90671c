import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import {
  assinaturaFormSchema,
  assinaturaSchema,
  baixaFormSchema,
  pagamentoAdminPageSchema,
  pagamentoAdminSchema,
  pagamentoPageSchema,
  pagamentosAdminQuerySchema,
  pagamentosQuerySchema,
  planoFormSchema,
  planoSchema,
  planosQuerySchema,
  resumoPagamentosSchema,
} from '@rastro/shared/schemas/pagamentos';
import { relatorioQuerySchema } from '@rastro/shared/schemas/relatorios';
import { PER, temPermissao } from '@rastro/shared/permissoes';
import { z } from 'zod';
import { acessoNegado } from '../../lib/erros';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { assinar, cancelarAssinatura, minhasAssinaturas } from './assinaturas-service';
import { darBaixa, meusPagamentos, pagamentos, resumoPagamentos } from './cobrancas-service';
import { alterarPlano, criarPlano, inativarPlano, obterPlano, planos } from './planos-service';
import { ClientePix } from './psp/cliente-pix';
import { registrarNoPsp } from './psp/psp-service';
import { webhookPixModule } from './psp/webhook-routes';
import { webhookTlsModule } from './psp/webhook-tls';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Pagamentos'];

/**
 * Subscriptions and Pix (issue #35): the plans any logged-in user reads and the payments'
 * administrators (PER300) keep; an owner's subscriptions and charges; every charge, its totals and
 * the settlement by hand for the administrators.
 */
export async function pagamentosModule(app: AppInstance) {
  const administrar = app.auth.exigir(PER.PAGAMENTOS);
  const { pix, psp } = app.config.pagamentos;
  const log = app.log.child({ modulo: 'pagamentos' });
  const cliente = psp ? new ClientePix(psp) : undefined;
  app.addHook('onClose', async () => {
    cliente?.fechar();
  });
  await webhookPixModule(app);
  await webhookTlsModule(app);

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

  const logado = app.auth.exigir();

  app.get('/api/usuarios/assinaturas', {
    onRequest: logado,
    schema: {
      tags,
      summary: 'As assinaturas dos pets do usuário e, como guardião, a situação das dos pets que ele acompanha',
      response: { 200: z.array(assinaturaSchema), ...erros },
    },
    handler: (req) => minhasAssinaturas(app.db, principalDe(req)),
  });

  app.post('/api/usuarios/assinaturas', {
    onRequest: logado,
    schema: {
      tags,
      summary:
        'O dono assina um plano para um pet; a primeira cobrança vence hoje. Com Pix Automático, o banco do dono recebe o pedido de autorização (502: o PSP não respondeu)',
      body: assinaturaFormSchema,
      response: { 201: assinaturaSchema, ...erros, 502: erroSchema },
    },
    handler: async (req, reply) => {
      const assinatura = await assinar(app, principalDe(req), req.body, cliente, log);
      // With a PSP, its first charge goes to it now: the owner is about to pay it.
      if (cliente && pix) await registrarNoPsp(app, cliente, pix.chave, log, assinatura.id);
      return reply.code(201).send(assinatura);
    },
  });

  app.delete('/api/usuarios/assinaturas/:id', {
    onRequest: logado,
    schema: {
      tags,
      summary: 'O dono cancela: o período pago vai até o fim; as cobranças em aberto são canceladas',
      params: idParamSchema,
      response: { 200: assinaturaSchema, ...erros },
    },
    handler: (req) => cancelarAssinatura(app, principalDe(req), req.params.id, cliente, log),
  });

  app.get('/api/usuarios/pagamentos', {
    onRequest: logado,
    schema: {
      tags,
      summary: 'As cobranças do usuário, com o código Pix copia e cola das que estão em aberto',
      querystring: pagamentosQuerySchema,
      response: { 200: pagamentoPageSchema, ...erros },
    },
    handler: (req) => meusPagamentos(app.db, principalDe(req), req.query),
  });

  app.get('/api/pagamentos', {
    onRequest: administrar,
    schema: {
      tags,
      summary: 'Todas as cobranças (filtros situação, usuário e vencimento) e os totais do filtro por situação',
      querystring: pagamentosAdminQuerySchema,
      response: { 200: pagamentoAdminPageSchema, ...erros },
    },
    handler: (req) => pagamentos(app.db, req.query),
  });

  app.post('/api/pagamentos/:id/baixa', {
    onRequest: administrar,
    schema: {
      tags,
      summary: 'Dá baixa manual numa cobrança (registrada na auditoria: quem, quando e por quê)',
      params: idParamSchema,
      body: baixaFormSchema,
      response: { 200: pagamentoAdminSchema, ...erros },
    },
    handler: (req) => darBaixa(app, principalDe(req), req.params.id, req.body.observacao, req.ip),
  });

  app.get('/api/relatorios/pagamentos', {
    onRequest: administrar,
    schema: {
      tags,
      summary: 'Para o dashboard: a receber, recebido no período, vencido e a receita mensal recorrente',
      querystring: relatorioQuerySchema,
      response: { 200: resumoPagamentosSchema, ...erros },
    },
    handler: (req) => resumoPagamentos(app, req.query),
  });
}
