/** The server as the rest of the repository runs it (bench/, tools): built, configured, started. */
export { buildApp } from './app';
export { loadConfig, type Config } from './config';
export { consultar, openDatabase, openPostgres, type Database } from './db/client';
export { GatewayTopin } from './gateway/servidor';
export { PublicadorEventos } from './ao-vivo/publicador';
export { ajustarV8 } from './lib/v8';
export { compressionPlugin } from './plugins/compression';
export { garantirParticoes, RETENCAO_PADRAO } from './modules/localizacoes/particoes';
export { recalcularLocalizacoesAtuais } from './modules/localizacoes/repository';

// Filling a database the way the server does, for the benchmarks' data at scale: the first-start
// seed, the tables, and passwords and session tokens as they are stored.
export { chips } from './modules/chips/schema';
export { rastreadores } from './modules/rastreadores/schema';
export { vinculos } from './modules/meus-rastreadores/schema';
export { usuarios } from './modules/usuarios/schema';
export { NIVEL_ADMINISTRADOR, NIVEL_CLIENTE } from './modules/usuarios/seed';
export { seed } from './seed';
export { hashSenha, novoToken, senhaAleatoria, sha256 } from './lib/cripto';
export { idDoNivel } from './modules/usuarios/service';
export { rodadaDeCobranca } from './modules/pagamentos/cobrador';
