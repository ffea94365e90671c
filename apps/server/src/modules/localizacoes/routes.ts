import { erroSchema } from '@rastro/shared/schemas/common';
import { mapaQuerySchema, marcadoresSchema } from '@rastro/shared/schemas/mapa';
import {
  bateriaFiltroSchema,
  bateriaPageSchema,
  exportarQuerySchema,
  localizacaoFiltroSchema,
  localizacaoPageSchema,
} from '@rastro/shared/schemas/localizacoes';
import { z } from 'zod';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { exportarHistorico, listarBateriasDoRastreador, listarLocalizacoesDoRastreador, ultimasLocalizacoes } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema, 404: erroSchema };
const tags = ['Localizações e baterias'];

/**
 * Where the trackers are and were: the owner's map, a tracker's positions, scans and battery
 * history, and the export (PER100 or the tracker's owner; others 404).
 */
export async function localizacoesModule(app: AppInstance) {
  const onRequest = app.auth.autenticar;

  app.get('/api/usuarios/rastreadores/ultimas-localizacoes', {
    onRequest,
    schema: {
      tags: ['Meus rastreadores'],
      summary: 'Posições atuais ou o histórico de um rastreador (mapa)',
      querystring: mapaQuerySchema,
      response: { 200: marcadoresSchema, ...erros, 409: erroSchema },
    },
    handler: (req) => ultimasLocalizacoes(app, principalDe(req), req.query),
  });

  app.get('/api/localizacoes', {
    onRequest,
    schema: {
      tags,
      summary: 'Posições e varreduras de um rastreador (GPS, WIFI, LBS)',
      querystring: localizacaoFiltroSchema,
      response: { 200: localizacaoPageSchema, ...erros },
    },
    handler: (req) => listarLocalizacoesDoRastreador(app, principalDe(req), req.query),
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
      const f = await exportarHistorico(app, principalDe(req), req.query);
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
    handler: (req) => listarBateriasDoRastreador(app, principalDe(req), req.query),
  });
}
