import { servirApiNoFilho } from '../lib/api-no-filho';
import { ENV_POOL } from './mensagens';

/**
 * The real API server on the benchmark's database, in its own process so it never shares an event
 * loop with the load generator.
 */
servirApiNoFilho('api', {
  DATABASE_POOL_MAX: process.env[ENV_POOL] ?? '10',
  // Every request of the load comes from 127.0.0.1: the per-IP limit (600/min by default) would
  // answer 429 within a second. The limiter still runs on every request.
  RATE_LIMIT_MAX: '1000000000',
});
