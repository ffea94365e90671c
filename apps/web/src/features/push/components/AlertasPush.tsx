import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAlertasPush } from '../hooks/use-alertas-push';
import { TEXTOS_PUSH } from '../textos';

/** "Receber alertas neste aparelho": the owner turns this browser's push alerts on or off and sees which it is. */
export function AlertasPush() {
  const { estado, erro, ocupado, ativar, desativar } = useAlertasPush();

  return (
    <Paper variant="outlined" component="section" aria-labelledby="alertas-push-titulo" sx={{ p: 2, mb: 2 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <Typography id="alertas-push-titulo" variant="subtitle1" component="h2" sx={{ fontWeight: 500 }}>
          {TEXTOS_PUSH.titulo}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {TEXTOS_PUSH.explicacao}
        </Typography>
        {/* One live region for the state; the Alerts inside are not alerts of their own (MUI's default role). */}
        <div role="status">
          {estado === 'verificando' && <Typography variant="body2">{TEXTOS_PUSH.verificando}</Typography>}
          {estado === 'ativo' && (
            <Alert severity="success" role="none" icon={<NotificationsActiveIcon fontSize="inherit" />}>
              {TEXTOS_PUSH.ativos}
            </Alert>
          )}
          {estado === 'indisponivel' && (
            <Alert severity="info" role="none">
              {TEXTOS_PUSH.indisponivel}
            </Alert>
          )}
          {estado === 'bloqueado' && (
            <Alert severity="warning" role="none">
              {TEXTOS_PUSH.bloqueado}
            </Alert>
          )}
        </div>
        {erro && (
          <Alert severity="error" role="alert">
            {erro}
          </Alert>
        )}
        {estado === 'inativo' && (
          <Button variant="contained" onClick={() => void ativar()} disabled={ocupado}>
            {TEXTOS_PUSH.ativar}
          </Button>
        )}
        {estado === 'ativo' && (
          <Button variant="outlined" onClick={() => void desativar()} disabled={ocupado}>
            {TEXTOS_PUSH.desativar}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
