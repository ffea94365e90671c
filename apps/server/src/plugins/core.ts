import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { abrirLeitura } from '../db/leitura';
import { LimitesEmMemoria, Limitador } from '../lib/limitador';
import { LimitesNoBanco } from './rate-limit/database-store';
import './infra';

/**
 * The configuration, the database (and the read replica's executor), and the rate limiter, for
 * every module. The limiter counts in PostgreSQL, shared by every instance, when the server runs
 * on it (DATABASE_URL); on the embedded PGlite there is one process, and it counts in memory.
 */
export const corePlugin = fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    const leitura = await abrirLeitura(database, {
      url: config.replica.url,
      atrasoMaxSegundos: config.replica.atrasoMaxSegundos,
      causal: config.replica.causal,
      // A small pool: only the heavy reads go there.
      poolMax: Math.max(2, Math.ceil(config.databasePoolMax / 2)),
      statementTimeoutMs: config.databaseStatementTimeoutMs,
      log: app.log.child({ modulo: 'leitura' }),
    });
    app.decorate('leitura', leitura);
    app.decorate('dbLeitura', leitura.db);
    app.addHook('onClose', () => leitura.close());
    app.decorate('limiter', new Limitador(database.kind === 'postgres' ? new LimitesNoBanco(database.db) : new LimitesEmMemoria()));
  },
  { name: 'core' },
);
