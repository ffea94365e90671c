import { erroSchema } from '@rastro/shared/schemas/common';
import {
  armazenamentoSchema,
  relatorioQuerySchema,
  situacoesEnergiaSchema,
  situacoesSchema,
  totalizadoresSchema,
} from '@rastro/shared/schemas/relatorios';
import { PER } from '@rastro/shared/permissoes';
import type { AppInstance } from '../../lib/tipos';
import { relatorioArmazenamento, relatorioSituacoes, relatorioSituacoesEnergia, relatorioTotalizadores } from './service';

const erros = { 400: erroSchema, 401: erroSchema, 403: erroSchema };
const tags = ['Dashboard'];

export async function relatoriosModule(app: AppInstance) {
  app.get('/api/relatorios/totalizadores', {
    onRequest: app.auth.exigir(PER.DASHBOARD_TOTAIS),
    schema: {
      tags,
      summary: 'Totais de usuários, rastreadores, localizações e chips no período',
      querystring: relatorioQuerySchema,
      response: { 200: totalizadoresSchema, ...erros },
    },
    handler: (req) => relatorioTotalizadores(app, req.query),
  });
  app.get('/api/relatorios/armazenamento', {
    onRequest: app.auth.exigir(PER.DASHBOARD_TOTAIS),
    schema: {
      tags,
      summary: 'Histórico guardado por tipo: o registro mais antigo, o tamanho em disco e a retenção',
      response: { 200: armazenamentoSchema, ...erros },
    },
    handler: () => relatorioArmazenamento(app),
  });
  app.get('/api/relatorios/situacoes', {
    onRequest: app.auth.exigir(PER.DASHBOARD_SITUACAO),
    schema: { tags, summary: 'Rastreadores por situação', querystring: relatorioQuerySchema, response: { 200: situacoesSchema, ...erros } },
    handler: (req) => relatorioSituacoes(app, req.query),
  });
  app.get('/api/relatorios/situacoes-energia', {
    onRequest: app.auth.exigir(PER.DASHBOARD_ENERGIA),
    schema: {
      tags,
      summary: 'Rastreadores por situação de energia',
      querystring: relatorioQuerySchema,
      response: { 200: situacoesEnergiaSchema, ...erros },
    },
    handler: (req) => relatorioSituacoesEnergia(app, req.query),
  });
}
