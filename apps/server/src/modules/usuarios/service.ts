/**
 * What other modules may ask of the users (the usuarios module owns `usuarios`, `niveis` and
 * `nivel_permissoes`): authentication reads a user by e-mail or id, joins them to a token and
 * changes a password; a share link reads its creator's mobile phone when they chose to show it;
 * a Pix charge with a due date names its payer (`devedorPix`).
 */
export {
  atualizarSenha,
  buscarParaLogin,
  buscarSenhaHash,
  buscarSessao,
  devedorPix,
  emulavel,
  idDoNivel,
  telefoneCelularDe,
  usuariosDaSessao,
} from './repository';
