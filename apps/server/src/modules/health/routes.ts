import { healthSchema } from '@rastro/shared/schemas/config';
import type { Ctx } from '../../context';
import type { AppInstance } from '../../lib/types';
import type { Metrics } from '../../plugins/metrics';

export function healthRoutes(app: AppInstance, ctx: Ctx, metrics: Metrics) {
  app.get('/health', {
    config: { rateLimit: false },
    schema: { tags: ['Operação'], summary: 'Saúde: 200 quando o banco de dados responde, 503 senão', response: { 200: healthSchema, 503: healthSchema } },
    handler: async (_req, reply) => {
      const ok = await ctx.database.ping();
      metrics.dbUp.set(ok ? 1 : 0);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'indisponivel', database: ok });
    },
  });

  app.get('/metrics', {
    config: { rateLimit: false },
    schema: { hide: true },
    handler: async (_req, reply) => {
      metrics.dbUp.set((await ctx.database.ping()) ? 1 : 0);
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  });
}
