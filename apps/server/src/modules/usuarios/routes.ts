import { cadastroResponseSchema, cadastroSchema } from '@rastro/shared/schemas/auth';
import { erroSchema, idParamSchema } from '@rastro/shared/schemas/common';
import { minhaContaSchema, usuarioDetalheSchema } from '@rastro/shared/schemas/usuarios';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { usuariosAdminRoutes } from './admin-routes';
import type { AoCriarUsuarioSemSenha, AoInativarUsuario } from './admin-service';
import { atualizarConta, obterConta } from './minha-conta-service';
import { cadastrar, type AoCadastrarComConvite } from './cadastro-service';

/** What the module is handed at composition (modules/index.ts): auth and meus-rastreadores sit in layers above it. */
export interface PortasUsuarios {
  aoCadastrarComConvite: AoCadastrarComConvite;
  aoCriarUsuarioSemSenha: AoCriarUsuarioSemSenha;
  aoInativarUsuario: AoInativarUsuario;
}

/** The module's one plugin: sign-up and each user's own account, then the administration of users. */
export async function usuariosModule(app: AppInstance, portas: PortasUsuarios) {
  await rotasDaConta(app, portas);
  await usuariosAdminRoutes(app, portas);
}

async function rotasDaConta(app: AppInstance, portas: Pick<PortasUsuarios, 'aoCadastrarComConvite'>) {
  app.post('/users/sign-up', {
    schema: {
      tags: ['Usuários'],
      summary: 'Cadastro de um novo cliente',
      body: cadastroSchema,
      response: { 201: cadastroResponseSchema, 400: erroSchema, 409: erroSchema, 429: erroSchema },
    },
    handler: async (req, reply) => {
      const u = await cadastrar(app, req.body, req.ip, portas.aoCadastrarComConvite);
      return reply.code(201).send(u);
    },
  });

  const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema, 409: erroSchema };

  app.get('/users/:id', {
    onRequest: app.auth.autenticar,
    schema: {
      tags: ['Minha conta'],
      summary: 'Dados do próprio usuário',
      params: idParamSchema,
      response: { 200: usuarioDetalheSchema, ...erros },
    },
    handler: (req) => obterConta(app.db, principalDe(req), req.params.id),
  });

  app.post('/users', {
    onRequest: app.auth.autenticar,
    schema: {
      tags: ['Minha conta'],
      summary: 'Atualiza os dados do próprio usuário',
      body: minhaContaSchema,
      response: { 200: usuarioDetalheSchema, ...erros },
    },
    handler: (req) => atualizarConta(app, principalDe(req), req.body, req.ip),
  });
}
