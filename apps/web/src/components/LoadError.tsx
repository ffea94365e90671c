import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { MSG } from '@rastro/shared/messages';
import { ButtonLink } from '@/components/ButtonLink';

/** A record that could not be loaded: 'Erro ao carregar o registro.' and a way back. */
export function LoadError({ voltar }: { voltar: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>
      <ButtonLink to={voltar} variant="outlined">
        Voltar
      </ButtonLink>
    </Stack>
  );
}
