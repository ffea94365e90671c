import SyncIcon from '@mui/icons-material/Sync';
import Button from '@mui/material/Button';
import { MSG } from '@rastro/shared/messages';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useSincronizar } from '../api/sincronizar';

/** Asks the chosen tracker (or, with none chosen, every tracker of the user) to report now. */
export function SincronizarButton({ usuarioRastreadorId }: { usuarioRastreadorId: number | null }) {
  const sincronizar = useSincronizar();
  const onClick = async () => {
    try {
      await sincronizar.mutateAsync(usuarioRastreadorId === null ? {} : { usuarioRastreadorId });
      mostrarSucesso(MSG.sincronizacaoSolicitada);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(MSG.erroSincronizar);
    }
  };
  return (
    <Button variant="outlined" startIcon={<SyncIcon />} loading={sincronizar.isPending} onClick={() => void onClick()}>
      Sincronizar
    </Button>
  );
}
