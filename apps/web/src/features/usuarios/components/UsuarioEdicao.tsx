import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { MSG } from '@rastro/shared/messages';
import { ButtonLink } from '@/components/ButtonLink';
import { Spinner } from '@/components/Spinner';
import { useReturnPath } from '@/lib/list-return';
import { paths } from '@/paths';
import { useUsuario } from '../api/get-usuario';
import { detalheParaTela } from './usuario-form-values';
import { UsuarioForm } from './UsuarioForm';

function ErroCarregar() {
  const voltar = useReturnPath(paths.admin.usuarios.list.getHref());
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>
      <ButtonLink to={voltar} variant="outlined">
        Voltar
      </ButtonLink>
    </Stack>
  );
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
