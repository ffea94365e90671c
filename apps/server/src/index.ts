/** The server as the rest of the repository runs it (bench/, tools): built, configured, started. */
export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { consultar, openDatabase, openPostgres, type Database } from './db/client';
export { GatewayTopin } from './gateway/servidor';
export { ajustarV8 } from './lib/v8';
export { compressaoPlugin } from './plugins/compressao';
export { garantirParticoes, RETENCAO_PADRAO } from './modules/posicoes/particoes';
export { recalcularPosicoesAtuais } from './modules/posicoes/repository';
