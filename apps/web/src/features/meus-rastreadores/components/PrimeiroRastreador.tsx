import AddIcon from '@mui/icons-material/Add';
import PetsIcon from '@mui/icons-material/Pets';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { ButtonLink } from '@/components/ButtonLink';
import { paths } from '@/paths';
import { TEXTO_PRIMEIRO_RASTREADOR } from '../textos';

/** A new owner's list: no search, no empty table, an invitation to link the first tracker. */
export function PrimeiroRastreador({ state }: { state?: unknown }) {
  const tituloId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={tituloId} sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
        <PetsIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />
        <Typography id={tituloId} variant="h6" component="h2">
          {TEXTO_PRIMEIRO_RASTREADOR.titulo}
        </Typography>
        <Typography color="text.secondary">{TEXTO_PRIMEIRO_RASTREADOR.texto}</Typography>
        <ButtonLink
          to={paths.user.meusRastreadores.create.getHref()}
          state={state}
          variant="contained"
          size="large"
          startIcon={<AddIcon />}
        >
          {TEXTO_PRIMEIRO_RASTREADOR.botao}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
