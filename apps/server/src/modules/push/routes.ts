import * as z from '@rastro/shared/zod';
import { erroSchema, okSchema } from '@rastro/shared/schemas/common';
import { cancelarInscricaoPushSchema, chavePushSchema, inscricaoPushSchema } from '@rastro/shared/schemas/push';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { cancelarInscricao, chavesVapid, inscrever } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 409: erroSchema };
const tags = ['Notificações no aparelho'];

/** Web Push: the key browsers subscribe with and the user's subscriptions (the queue's sender: entregador.ts). */
export async function pushModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;
  const chaves = await chavesVapid(app);

  app.get('/api/push/chave', {
    onRequest,
    schema: { tags, summary: 'A chave pública VAPID para o navegador se inscrever', response: { 200: chavePushSchema, ...erros } },
    handler: () => ({ chavePublica: chaves.publicKey }),
  });

  app.post('/api/push/inscricoes', {
    onRequest,
    schema: {
      tags,
      summary: 'Este navegador passa a receber os alertas do usuário (no máximo 10 aparelhos)',
      body: inscricaoPushSchema,
      response: { 200: okSchema, 201: okSchema, ...erros },
    },
    handler: async (req, reply) => {
      const nova = await inscrever(app, principalDe(req).usuarioId, req.body);
      return reply.code(nova ? 201 : 200).send({ ok: true });
    },
  });

  app.delete('/api/push/inscricoes', {
    onRequest,
    schema: {
      tags,
      summary: 'Este navegador deixa de receber os alertas do usuário',
      body: cancelarInscricaoPushSchema,
      response: { 204: z.null(), ...erros },
    },
    handler: async (req, reply) => {
      await cancelarInscricao(app.db, principalDe(req).usuarioId, req.body.endpoint);
      return reply.code(204).send(null);
    },
  });
}
