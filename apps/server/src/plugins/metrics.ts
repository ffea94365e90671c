import fp from 'fastify-plugin';
import client from 'prom-client';
import type { Leitura } from '../db/leitura';
import './infra';

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

  /** The TOPIN gateway of this process (main.ts starts it after the app). */
  function observarGateway(g: { estatisticas(): { conexoes: number; rastreadores: number } }) {
    new client.Gauge({
      name: 'rastro_gateway_conexoes',
      help: 'Conexões TOPIN abertas nesta instância',
      registers: [registry],
      collect() {
        this.set(g.estatisticas().conexoes);
      },
    });
    new client.Gauge({
      name: 'rastro_gateway_rastreadores_conectados',
      help: 'Rastreadores logados nesta instância',
      registers: [registry],
      collect() {
        this.set(g.estatisticas().rastreadores);
      },
    });
    const localizacoes = new client.Counter({
      name: 'rastro_gateway_localizacoes_total',
      help: 'Posições e varreduras gravadas (confirmadas ao rastreador)',
      registers: [registry],
    });
    const lote = new client.Histogram({
      name: 'rastro_gateway_lote_linhas',
      help: 'Linhas por lote gravado',
      buckets: [1, 10, 50, 100, 500, 1000, 2500, 5000],
      registers: [registry],
    });
    const comandos = new client.Counter({
      name: 'rastro_gateway_comandos_enviados_total',
      help: 'Comandos entregues a rastreadores, por tipo',
      labelNames: ['tipo'] as const,
      registers: [registry],
    });
    const substituicoes = new client.Counter({
      name: 'rastro_gateway_substituicoes_total',
      help: 'Logins que tomaram o lugar da conexão viva do mesmo IMEI',
      registers: [registry],
    });
    const alternancias = new client.Counter({
      name: 'rastro_gateway_origens_alternadas_total',
      help: 'IMEIs disputados por duas origens que se alternam (possível clonagem)',
      registers: [registry],
    });
    const recusadas = new client.Counter({
      name: 'rastro_gateway_conexoes_recusadas_total',
      help: 'Conexões TOPIN recusadas, por motivo',
      labelNames: ['motivo'] as const,
      registers: [registry],
    });
    const futuras = new client.Counter({
      name: 'rastro_gateway_futuras_descartadas_total',
      help: 'Posições e varreduras datadas mais de 24 h à frente do servidor: confirmadas ao rastreador e não gravadas, por tipo',
      labelNames: ['tipo'] as const,
      registers: [registry],
    });
    return {
      substituicao() {
        substituicoes.inc();
      },
      origensAlternadas() {
        alternancias.inc();
      },
      conexaoRecusada(motivo: MotivoRecusa) {
        recusadas.inc({ motivo });
      },
      loteGravado(linhas: number) {
        localizacoes.inc(linhas);
        lote.observe(linhas);
      },
      comandoEnviado(tipo: string) {
        comandos.inc({ tipo });
      },
      futuraDescartada(tipo: QuadroNoFuturo) {
        futuras.inc({ tipo });
      },
    };
  }

  /** The live channel's sockets of this process. */
  function observarAoVivo(hub: { conexoes: number }) {
    new client.Gauge({
      name: 'rastro_ao_vivo_sockets',
      help: 'Sockets /api/socket autenticados nesta instância',
      registers: [registry],
      collect() {
        this.set(hub.conexoes);
      },
    });
  }

  /** The read replica behind `dbLeitura` (db/leitura.ts), when one is configured. */
  function observarReplica(leitura: Leitura) {
    new client.Gauge({
      name: 'rastro_replica_leitura_em_uso',
      help: '1 quando as leituras pesadas vão para a réplica; 0 quando vão para o primário (réplica fora ou atrasada)',
      registers: [registry],
      collect() {
        this.set(leitura.estado().estado === 'ativa' ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'rastro_replica_leitura_atraso_segundos',
      help: 'Atraso da réplica de leitura na última verificação (limite superior; sem valor se ela não respondeu)',
      registers: [registry],
      collect() {
        const { atrasoSegundos } = leitura.estado();
        if (atrasoSegundos === null) this.reset();
        else this.set(atrasoSegundos);
      },
    });
  }

  return { registry, httpDuracao, dbUp, observarGateway, observarAoVivo, observarReplica };
}

export type MetricasGateway = ReturnType<Metrics['observarGateway']>;

/** Why the gateway refused a connection: outside TOPIN_CIDRS_PERMITIDOS, or over a limit. */
export type MotivoRecusa = 'faixa' | 'limite_ip' | 'limite_total';

/** What the gateway acked but did not store for being dated more than a day ahead: a GPS fix or a WI-FI/cell scan. */
export type QuadroNoFuturo = 'gps' | 'varredura';

export type Metrics = ReturnType<typeof createMetrics>;

/** `app.metrics`, and every HTTP answer's duration by method, route pattern and status. */
export const metricsPlugin = fp(
  async (app) => {
    const m = createMetrics();
    app.decorate('metrics', m);
    if (app.leitura.estado().estado !== 'sem-replica') m.observarReplica(app.leitura);
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'desconhecida';
      m.httpDuracao.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics' },
);
