import { servirApiNoFilho } from '../lib/api-no-filho';

/**
 * The real API with payments on in PSP mode (the settings come from the benchmark's environment),
 * in its own process: the load generator never shares its event loop.
 */
servirApiNoFilho('pagamentos', {
  ...Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[0].startsWith('PIX_') && e[1] !== undefined)),
  PIX_RECEBEDOR_NOME: 'Rastro Pets',
  PIX_RECEBEDOR_CIDADE: 'Curitiba',
  // One round at start, then none while the benchmark runs.
  PAGAMENTOS_RONDA_MS: '86400000',
  // Every request comes from 127.0.0.1: the general per-IP limit would answer 429 within a second.
  RATE_LIMIT_MAX: '1000000000',
});
