import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface AvisoProps {
  icone: ReactNode;
  titulo: string;
  texto: string;
  /** What the user can do next (a button). */
  acao: ReactNode;
}

/** A page's whole content when there is nothing to show: an icon, a title, a sentence and the way on (empty and no-access states). */
export function Aviso({ icone, titulo, texto, acao }: AvisoProps) {
  const tituloId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={tituloId} sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
        {icone}
        <Typography id={tituloId} variant="h6" component="h2">
          {titulo}
        </Typography>
        <Typography color="text.secondary">{texto}</Typography>
        {acao}
      </Stack>
    </Paper>
  );
}
