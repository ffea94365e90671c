import { erroSchema } from '@rastro/shared/schemas/common';
import { naoLidasSchema, notificacaoFiltroSchema, notificacaoPageSchema } from '@rastro/shared/schemas/notificacoes';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { listarNotificacoes, marcarLidas, naoLidas } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema };
const tags = ['Notificações'];

/** The logged (or emulated) user's own notifications. */
export async function notificacoesModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;

  app.get('/api/notificacoes', {
    onRequest,
    schema: {
      tags,
      summary: 'Notificações do usuário, mais novas primeiro',
      querystring: notificacaoFiltroSchema,
      response: { 200: notificacaoPageSchema, ...erros },
    },
    handler: (req) => listarNotificacoes(app.db, principalDe(req).usuarioId, req.query, app.config.timezone),
  });

  app.get('/api/notificacoes/nao-lidas', {
    onRequest,
    schema: { tags, summary: 'Quantas notificações não foram lidas', response: { 200: naoLidasSchema, ...erros } },
    handler: async (req) => ({ total: await naoLidas(app.db, principalDe(req).usuarioId) }),
  });

  app.put('/api/notificacoes/lidas', {
    onRequest,
    schema: { tags, summary: 'Marca todas as notificações como lidas', response: { 200: naoLidasSchema, ...erros } },
    handler: async (req) => {
      await marcarLidas(app.db, principalDe(req).usuarioId);
      return { total: 0 };
    },
  });
}
