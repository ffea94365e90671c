import { UsuarioForm } from './UsuarioForm';
import { USUARIO_VAZIO } from './usuario-form-values';

/** /admin/usuarios/cadastrar. */
export function UsuarioCadastro() {
  return <UsuarioForm defaultValues={USUARIO_VAZIO} />;
}
