/** Where a benchmark's child processes find its database (the environment variable's name). */
export const ENV_URL_DO_BANCO = 'BENCH_DATABASE_URL';
