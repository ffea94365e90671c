import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { MSG } from '@rastro/shared/messages';

/** A route that failed to load or render (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Stack component="main" spacing={2} sx={{ minHeight: '100vh', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Typography variant="h5" component="h1">
        {MSG.erroInterno}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Recarregar a página
      </Button>
    </Stack>
  );
}
