/** What a target process (real server or bare baseline) tells the benchmark over IPC. */
export type { AvisoDoFilho as AvisoAlvo } from '../lib/servir-no-filho';

/** The target processes read these from the environment the benchmark gives them. */
export { ENV_URL_DO_BANCO as ENV_URL } from '../lib/env';
export const ENV_POOL = 'BENCH_POOL_MAX';
