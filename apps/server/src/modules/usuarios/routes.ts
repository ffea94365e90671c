import { signUpResponseSchema, signUpSchema } from '@rastro/shared/schemas/auth';
import { erroSchema } from '@rastro/shared/schemas/common';
import type { Ctx } from '../../context';
import type { AppInstance } from '../../lib/types';
import { cadastrar } from './signup-service';

export function usuariosPublicRoutes(app: AppInstance, ctx: Ctx) {
  app.post('/users/sign-up', {
    schema: {
      tags: ['Usuários'],
      summary: 'Cadastro de um novo cliente',
      body: signUpSchema,
      response: { 201: signUpResponseSchema, 400: erroSchema, 409: erroSchema, 429: erroSchema },
    },
    handler: async (req, reply) => {
      const u = await cadastrar(ctx, req.body, req.ip);
      return reply.code(201).send(u);
    },
  });
}
