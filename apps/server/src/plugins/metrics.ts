import client from 'prom-client';
import type { AppInstance } from '../lib/types';

/** Prometheus metrics of this process (one registry per app, so tests can build many apps). */
export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'rastro_' });
  const httpDuracao = new client.Histogram({
    name: 'rastro_http_request_duration_seconds',
    help: 'Duração das requisições HTTP, por método, rota e status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const dbUp = new client.Gauge({ name: 'rastro_database_up', help: '1 quando o banco de dados responde', registers: [registry] });
  return { registry, httpDuracao, dbUp };
}

export type Metrics = ReturnType<typeof createMetrics>;

export function registerMetricsHooks(app: AppInstance, m: Metrics) {
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'desconhecida';
    m.httpDuracao.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}
