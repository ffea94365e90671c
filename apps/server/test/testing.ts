/**
 * `@rastro/server/testing`: what benchmarks and browser tests use to set up data and to stand in
 * for the outside world (SMTP peer, ViaCEP, map tiles, a Web Push service), the same helpers the server's own tests use.
 */
export { chips, rastreadores, usuarioRastreadores, usuarios } from '../src/db/schema';
export { NIVEL_ADMINISTRADOR, NIVEL_CLIENTE, seed } from '../src/db/seed';
export { hashSenha, novoToken, senhaAleatoria, sha256 } from '../src/lib/crypto';
export { idDoNivel } from '../src/modules/usuarios/service';
export { cpfValido } from './cpf';
export { decodificar, iniciarSmtp } from './smtp';
export { iniciarViaCep } from './viacep-fake';
export { iniciarTiles } from './tiles-fake';
export { iniciarReceptorPush, idDoEndpoint, type ReceptorPush, type InscricaoPush as InscricaoPushDoReceptor } from './push-receptor';
