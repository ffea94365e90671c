import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import { formatarDataHora } from '@/lib/format';

interface RotaSheetProps {
  ref?: Ref<HTMLElement>;
  /** The pet whose route is on the map, once the answer came. */
  nome: string | undefined;
  dataInicial: string;
  dataFinal: string;
  onVerTodos: () => void;
  exportar: ReactNode;
}

/** On a phone, under a route: whose it is, its period, back to every pet, and the export. */
export function RotaSheet({ ref, nome, dataInicial, dataFinal, onVerTodos, exportar }: RotaSheetProps) {
  return (
    <Paper
      ref={ref}
      component="section"
      aria-label="Rota"
      elevation={8}
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, zIndex: 1001, borderRadius: '16px 16px 0 0', p: 2 }}
    >
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {nome ? `Rota de ${nome}` : 'Rota'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatarDataHora(dataInicial)} – {formatarDataHora(dataFinal)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={onVerTodos}>
          Ver todos os pets
        </Button>
        {exportar}
      </Box>
    </Paper>
  );
}
