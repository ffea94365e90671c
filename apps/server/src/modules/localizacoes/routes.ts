import { erroSchema } from '@rastro/shared/schemas/common';
import {
  bateriaFiltroSchema,
  bateriaPageSchema,
  exportarQuerySchema,
  localizacaoFiltroSchema,
  localizacaoPageSchema,
} from '@rastro/shared/schemas/localizacoes';
import { z } from 'zod';
import type { Ctx } from '../../context';
import type { AppInstance } from '../../lib/types';
import { principalDe } from '../../plugins/auth';
import { exportarHistorico, listarBateriasDoRastreador, listarLocalizacoesDoRastreador } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Localizações e baterias'];

/** A tracker's positions, scans and battery history: PER100 or the tracker's owner (others 404). */
export function localizacoesRoutes(app: AppInstance, ctx: Ctx) {
  const onRequest = ctx.auth.autenticar;

  app.get('/api/localizacoes', {
    onRequest,
    schema: {
      tags,
      summary: 'Posições e varreduras de um rastreador (GPS, WIFI, LBS)',
      querystring: localizacaoFiltroSchema,
      response: { 200: localizacaoPageSchema, ...erros },
    },
    handler: (req) => listarLocalizacoesDoRastreador(ctx, principalDe(req), req.query),
  });

  app.get('/api/localizacoes/exportar', {
    onRequest,
    schema: {
      tags,
      summary: 'Exporta o histórico de um período (GPX, KML ou CSV)',
      querystring: exportarQuerySchema,
      response: { 200: z.string().describe('O arquivo'), ...erros },
    },
    handler: async (req, reply) => {
      const f = await exportarHistorico(ctx, principalDe(req), req.query);
      return reply.header('Content-Type', f.tipo).header('Content-Disposition', `attachment; filename="${f.arquivo}"`).send(f.conteudo);
    },
  });

  app.get('/api/baterias', {
    onRequest,
    schema: {
      tags,
      summary: 'Histórico de bateria de um rastreador',
      querystring: bateriaFiltroSchema,
      response: { 200: bateriaPageSchema, ...erros },
    },
    handler: (req) => listarBateriasDoRastreador(ctx, principalDe(req), req.query),
  });
}
