import { MSG } from '@rastro/shared/messages';
import { healthSchema } from '@rastro/shared/schemas/config';
import { igualSeguro } from '../../lib/cripto';
import type { AppInstance } from '../../lib/tipos';
import { bearerToken } from '../../plugins/auth';

export async function healthModule(app: AppInstance) {
  app.get('/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['Operação'],
      summary: 'Saúde: 200 quando o banco de dados responde, 503 senão',
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (_req, reply) => {
      const ok = await app.database.ping();
      app.metrics.dbUp.set(ok ? 1 : 0);
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'indisponivel', database: ok });
    },
  });

  // Counted by the general rate limit like any route. With METRICS_TOKEN only its bearer reads the
  // metrics; without it they are open in development and test and not served in production.
  const { metricsToken, env } = app.config;
  app.get('/metrics', {
    schema: { hide: true },
    handler: async (req, reply) => {
      if (metricsToken === undefined && env === 'production') return reply.code(404).send({ status: 404, message: MSG.naoEncontrado });
      if (metricsToken !== undefined && !igualSeguro(bearerToken(req) ?? '', metricsToken)) {
        return reply.code(401).header('www-authenticate', 'Bearer').send({ status: 401, message: MSG.metricasNaoAutorizado });
      }
      app.metrics.dbUp.set((await app.database.ping()) ? 1 : 0);
      return reply.type(app.metrics.registry.contentType).send(await app.metrics.registry.metrics());
    },
  });
}
