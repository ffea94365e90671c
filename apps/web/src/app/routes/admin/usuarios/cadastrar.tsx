import { UsuarioCadastro } from '@/features/usuarios/components/UsuarioCadastro';

export function Component() {
  return <UsuarioCadastro />;
}
