import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DELAY } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { encerrarEmulacao, useSessao } from '@/lib/sessao';
import { paths } from '@/paths';

/** Shown while an administrator acts as another user; 'Sair da emulação' ends it. */
export function EmulacaoBanner() {
  const { emulacao } = useSessao();
  const navigate = useNavigate();
  const [saindo, setSaindo] = useState(false);

  if (saindo) {
    return (
      <Alert severity="info" role="status" sx={{ borderRadius: 0 }}>
        {MSG.saindoEmulacao}
      </Alert>
    );
  }
  if (!emulacao) return null;

  const sair = () => {
    setSaindo(true);
    encerrarEmulacao();
    void navigate(paths.admin.dashboard.getHref());
    // A full reload drops every cached answer fetched as the emulated user.
    setTimeout(() => window.location.reload(), DELAY.saidaEmulacao);
  };

  return (
    <Alert
      severity="warning"
      sx={{ borderRadius: 0 }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={sair}>
          Sair da emulação
        </Button>
      }
    >
      Você está emulando <strong>{emulacao.nome}</strong>
    </Alert>
  );
}
