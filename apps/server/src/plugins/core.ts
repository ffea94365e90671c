import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { RateLimiter } from '../lib/rate-limiter';
import './infra';

/** The configuration, the database and the in-process rate limiter, for every module. */
export const corePlugin = fp<{ config: Config; database: Database }>(
  async (app, { config, database }) => {
    app.decorate('config', config);
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('limiter', new RateLimiter());
  },
  { name: 'core' },
);
