import { z } from 'zod';
import type { AcaoSituacao, ModoEconomia } from '@rastro/shared/messages';
import { mensagemSchema } from '@rastro/shared/schemas/auth';
import { erroSchema, idParamSchema, selectItemSchema } from '@rastro/shared/schemas/common';
import {
  meuRastreadorFiltroSchema,
  meuRastreadorFormSchema,
  meuRastreadorPageSchema,
  meuRastreadorSchema,
  modoPerdidoFormSchema,
  sincronizarSchema,
} from '@rastro/shared/schemas/meus-rastreadores';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { desligarRastreador } from './desligar';
import { fotosRoutes } from './fotos/routes';
import { guardioesRoutes } from './guardioes/routes';
import type { AoRemoverGuardiao } from './guardioes/service';
import { alterarModoPerdido, type Notificar } from './modo-perdido';
import {
  alterarEconomia,
  listarMeusRastreadores,
  obterMeuRastreador,
  salvarMeuRastreador,
  selecionarMeusRastreadores,
  sincronizar,
} from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Meus rastreadores'];

const ECONOMIAS: { caminho: string; modo: ModoEconomia; acao: AcaoSituacao }[] = [
  { caminho: 'ativar-economia-bateria', modo: 'economia', acao: 'Ativar' },
  { caminho: 'inativar-economia-bateria', modo: 'economia', acao: 'Inativar' },
  { caminho: 'ativar-ultra-economia-bateria', modo: 'ultra', acao: 'Ativar' },
  { caminho: 'inativar-ultra-economia-bateria', modo: 'ultra', acao: 'Inativar' },
];

/** What the module is handed at composition (modules/index.ts): notificacoes, push and links sit in a layer above it. */
export interface PortasMeusRastreadores {
  /** Writes the notifications lost-pet mode creates, with their push. */
  notificar: Notificar;
  /** Revokes, in the removal's transaction, the share links the guardian created. */
  aoRemoverGuardiao: AoRemoverGuardiao;
}

/**
 * The logged (or emulated) user's own trackers, every query scoped to that user: the pet, with its
 * co-guardians (guardioes/) and photo (fotos/).
 */
export async function meusRastreadoresModule(app: AppInstance, portas: PortasMeusRastreadores) {
  const onRequest = app.auth.autenticar;

  app.put('/api/usuarios/rastreadores/:id/modo-perdido', {
    onRequest,
    schema: {
      tags,
      summary: 'Liga (por 1 a 24 horas) ou desliga o modo perdido de um dos meus rastreadores',
      params: idParamSchema,
      body: modoPerdidoFormSchema,
      response: { 200: meuRastreadorSchema, ...erros },
    },
    handler: (req) => alterarModoPerdido(app, principalDe(req), req.params.id, req.body, portas.notificar),
  });

  app.get('/api/usuarios/rastreadores', {
    onRequest,
    schema: {
      tags,
      summary: 'Meus rastreadores (busca por descrição e IMEI)',
      querystring: meuRastreadorFiltroSchema,
      response: { 200: meuRastreadorPageSchema, ...erros },
    },
    handler: (req) => listarMeusRastreadores(app.db, principalDe(req), req.query),
  });

  app.get('/api/usuarios/rastreadores/select', {
    onRequest,
    schema: { tags, summary: 'Meus rastreadores para o filtro do mapa', response: { 200: z.array(selectItemSchema), ...erros } },
    handler: (req) => selecionarMeusRastreadores(app.db, principalDe(req)),
  });

  app.put('/api/usuarios/rastreadores/sincronizar', {
    onRequest,
    schema: {
      tags,
      summary: 'Pede a posição agora a um ou a todos os meus rastreadores',
      body: sincronizarSchema,
      response: { 200: mensagemSchema, ...erros },
    },
    handler: (req) => sincronizar(app, principalDe(req), req.body.usuarioRastreadorId),
  });

  app.get('/api/usuarios/rastreadores/:id', {
    onRequest,
    schema: { tags, summary: 'Um dos meus rastreadores', params: idParamSchema, response: { 200: meuRastreadorSchema, ...erros } },
    handler: (req) => obterMeuRastreador(app.db, principalDe(req), req.params.id),
  });

  app.post('/api/usuarios/rastreadores', {
    onRequest,
    schema: {
      tags,
      summary: 'Vincula um rastreador pelo IMEI (ou, com id, altera o meu)',
      body: meuRastreadorFormSchema,
      response: { 200: meuRastreadorSchema, 201: meuRastreadorSchema, ...erros },
    },
    handler: async (req, reply) => {
      const { rastreador, criado } = await salvarMeuRastreador(app, principalDe(req), req.body, req.ip);
      return reply.code(criado ? 201 : 200).send(rastreador);
    },
  });

  for (const e of ECONOMIAS) {
    app.put(`/api/usuarios/rastreadores/${e.caminho}/:id`, {
      onRequest,
      schema: {
        tags,
        summary: `${e.acao} ${e.modo === 'ultra' ? 'ultra economia' : 'economia'} de bateria`,
        params: idParamSchema,
        response: { 200: meuRastreadorSchema, ...erros },
      },
      handler: (req) => alterarEconomia(app, principalDe(req), req.params.id, e.modo, e.acao === 'Ativar'),
    });
  }

  // The owner's, and the administrator's too (the service checks PER100): under the admin's URL and tag.
  app.put('/api/rastreadores/desligar/:id', {
    onRequest,
    schema: {
      tags: ['Rastreadores (administração)'],
      summary: 'Pede o desligamento do rastreador (administrador ou dono)',
      params: idParamSchema,
      response: { 200: mensagemSchema, ...erros },
    },
    handler: (req) => desligarRastreador(app, principalDe(req), req.params.id, req.ip),
  });

  await guardioesRoutes(app, portas);
  // Its own context: its image parser replaces the JSON one there only.
  await app.register(fotosRoutes);
}
