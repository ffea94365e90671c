/** PostgreSQL NOTIFY channels shared by the API and the gateway (possibly other instances). */
export const CANAL_COMANDOS = 'rastro_comandos';
