import { UsuarioEdicao } from '@/features/usuarios/components/UsuarioEdicao';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  return <UsuarioEdicao id={useIdParam()} />;
}
