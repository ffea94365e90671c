import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/ButtonLink';
import { paths } from '@/paths';

export function Component() {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        Página não encontrada
      </Typography>
      <Typography color="text.secondary">O endereço acessado não existe.</Typography>
      <ButtonLink to={paths.home.getHref()} variant="contained">
        Ir para o início
      </ButtonLink>
    </Stack>
  );
}
