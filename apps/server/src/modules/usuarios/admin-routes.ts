import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import {
  emulacaoSchema,
  usuarioDetalheSchema,
  usuarioFiltroSchema,
  usuarioFormSchema,
  usuarioPageSchema,
} from '@rastro/shared/schemas/usuarios';
import { niveisSelectSchema } from '@rastro/shared/schemas/lookups';
import { PER } from '@rastro/shared/permissoes';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import {
  alterarSituacaoUsuario,
  iniciarEmulacao,
  listarNiveis,
  listarUsuarios,
  obterUsuario,
  salvarUsuario,
  type AoCriarUsuarioSemSenha,
  type AoInativarUsuario,
} from './admin-service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };
const tags = ['Usuários (administração)'];

/** The administration of users, part of the module's plugin (routes.ts). */
export async function usuariosAdminRoutes(
  app: AppInstance,
  portas: { aoCriarUsuarioSemSenha: AoCriarUsuarioSemSenha; aoInativarUsuario: AoInativarUsuario },
) {
  const onRequest = app.auth.exigir(PER.USUARIOS);

  // The level select of the user form, listed among the lookups in the API docs.
  app.get('/api/niveis/select', {
    onRequest,
    schema: {
      tags: ['Consultas'],
      summary: 'Níveis (perfis) de usuário',
      response: { 200: niveisSelectSchema, 400: erroSchema, 401: erroSchema, 403: erroSchema },
    },
    handler: () => listarNiveis(app.db),
  });

  app.get('/api/usuarios', {
    onRequest,
    schema: {
      tags,
      summary: 'Lista os usuários (busca por nome, CPF e e-mail)',
      querystring: usuarioFiltroSchema,
      response: { 200: usuarioPageSchema, ...erros },
    },
    handler: (req) => listarUsuarios(app.db, req.query),
  });

  app.get('/api/usuarios/:id', {
    onRequest,
    schema: { tags, summary: 'Um usuário', params: idParamSchema, response: { 200: usuarioDetalheSchema, ...erros } },
    handler: (req) => obterUsuario(app.db, req.params.id),
  });

  app.get('/api/usuarios/:id/emulacao', {
    onRequest,
    schema: { tags, summary: 'Começa a emular um usuário (auditado)', params: idParamSchema, response: { 200: emulacaoSchema, ...erros } },
    handler: (req) => iniciarEmulacao(app.db, principalDe(req), req.params.id, req.ip),
  });

  app.post('/api/usuarios', {
    onRequest,
    schema: {
      tags,
      summary: 'Cadastra (com link de primeiro acesso) ou, com id, altera um usuário',
      body: usuarioFormSchema,
      response: { 200: usuarioDetalheSchema, 201: usuarioDetalheSchema, ...erros },
    },
    handler: async (req, reply) => {
      const { usuario, criado } = await salvarUsuario(app, principalDe(req), req.body, req.ip, portas.aoCriarUsuarioSemSenha);
      return reply.code(criado ? 201 : 200).send(usuario);
    },
  });

  app.put('/api/usuarios/ativar/:id', {
    onRequest,
    schema: { tags, summary: 'Ativa um usuário', params: idParamSchema, response: { 200: usuarioDetalheSchema, ...erros } },
    handler: (req) => alterarSituacaoUsuario(app, principalDe(req), req.params.id, true, req.ip, portas.aoInativarUsuario),
  });

  app.delete('/api/usuarios/inativar/:id', {
    onRequest,
    schema: {
      tags,
      summary: 'Inativa um usuário (e encerra suas sessões)',
      params: idParamSchema,
      response: { 200: usuarioDetalheSchema, ...erros },
    },
    handler: (req) => alterarSituacaoUsuario(app, principalDe(req), req.params.id, false, req.ip, portas.aoInativarUsuario),
  });
}
