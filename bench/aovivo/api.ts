import { servirApiNoFilho } from '../lib/api-no-filho';

/**
 * The API in a process of its own, its live channel (/api/socket) listening to the benchmark's
 * NOTIFYs. Every owner's screen opens from 127.0.0.1: the per-IP limit would refuse the thousands.
 */
servirApiNoFilho('aovivo-api', { RATE_LIMIT_MAX: '1000000000' });
