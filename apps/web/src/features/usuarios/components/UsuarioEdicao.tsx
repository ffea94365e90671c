import { Spinner } from '@/components/Spinner';
import { useReturnPath } from '@/lib/list-return';
import { paths } from '@/paths';
import { useUsuario } from '../api/get-usuario';
import { detalheParaTela } from './usuario-form-values';
import { UsuarioForm } from './UsuarioForm';
import { LoadError } from '@/components/LoadError';

function ErroCarregar() {
  const voltar = useReturnPath(paths.admin.usuarios.list.getHref());
  return <LoadError voltar={voltar} />;
}

function Carregado({ id }: { id: number }) {
  const usuario = useUsuario(id);
  if (usuario.isPending) return <Spinner />;
  if (usuario.isError) return <ErroCarregar />;
  // Keyed by id so another user's data never stays in the fields.
  return <UsuarioForm key={id} id={id} defaultValues={detalheParaTela(usuario.data)} />;
}

/** /admin/usuarios/editar/:id; `id` is null when the address holds no valid id. */
export function UsuarioEdicao({ id }: { id: number | null }) {
  return id === null ? <ErroCarregar /> : <Carregado id={id} />;
}
