import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { landingPath } from '@/lib/landing';
import { effectiveUser, useSession } from '@/lib/session';
import { ButtonLink } from './ButtonLink';
import { TEXTO_SEM_ACESSO } from './textos-sem-acesso';

/** A page the user's roles do not open: says so, with the way to the user's own home (the map or the dashboard). */
export function SemAcesso() {
  const user = effectiveUser(useSession());
  const tituloId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={tituloId} sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
        <LockOutlinedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography id={tituloId} variant="h6" component="h2">
          {TEXTO_SEM_ACESSO.titulo}
        </Typography>
        <Typography color="text.secondary">{TEXTO_SEM_ACESSO.texto}</Typography>
        <ButtonLink to={landingPath(user)} variant="contained">
          {user?.isClient ? TEXTO_SEM_ACESSO.paraOMapa : TEXTO_SEM_ACESSO.paraODashboard}
        </ButtonLink>
      </Stack>
    </Paper>
  );
}
