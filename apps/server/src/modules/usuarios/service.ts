/**
 * What other modules may ask of the users (the usuarios module owns `usuarios`, `niveis` and
 * `nivel_permissoes`): authentication reads a user by e-mail, id or token and changes a password.
 */
export {
  atualizarSenha,
  buscarParaLogin,
  buscarSenhaHash,
  buscarSessao,
  emulavel,
  idDoNivel,
  listarNiveis,
  prepararSessaoPorToken,
} from './repository';
