import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useConfirm } from '@/components/ConfirmDialog';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useSairDaGuarda } from '../api/sair-da-guarda';

/** A guardian stops following the pet (after confirming), and goes back to their trackers. */
export function SairDaGuarda({ id, descricao }: { id: number; descricao: string }) {
  const sair = useSairDaGuarda();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const onClick = async () => {
    const ok = await confirm({
      title: 'Sair do compartilhamento',
      message: `Deixar de acompanhar ${descricao}? Para voltar, o dono precisa convidar você de novo.`,
      confirmText: 'Sair',
      cancelText: 'Cancelar',
    });
    if (!ok) return;
    try {
      await sair.mutateAsync(id);
      mostrarSucesso(`Você deixou de acompanhar ${descricao}.`);
      void navigate(paths.user.meusRastreadores.list.getHref());
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro('Erro ao sair do compartilhamento, tente novamente.');
    }
  };
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<LogoutIcon />}
      loading={sair.isPending}
      onClick={() => void onClick()}
      sx={{ alignSelf: 'flex-start', minHeight: 44 }}
    >
      Sair do compartilhamento
    </Button>
  );
}
