import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { Spinner, visuallyHidden } from '@/components/Spinner';
import type { BarraItem } from './barra-item';

const BarrasDesenho = lazy(() => import('./BarrasDesenho').then((m) => ({ default: m.BarrasDesenho })));

interface BarrasChartProps {
  titulo: string;
  itens: readonly BarraItem[] | undefined;
  isPending: boolean;
}

/**
 * A titled bar chart. The drawing is hidden from assistive technology, which reads the same
 * numbers from a table instead.
 */
export function BarrasChart({ titulo, itens, isPending }: BarrasChartProps) {
  const tituloId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={tituloId} sx={{ p: 2, height: '100%' }}>
      <Typography id={tituloId} variant="h6" component="h2" gutterBottom>
        {titulo}
      </Typography>
      {itens ? (
        <>
          {/* inert: the chart's SVG takes keyboard focus, which a hidden drawing must not. */}
          <Box aria-hidden="true" inert>
            <Suspense fallback={<Spinner label="Carregando gráfico..." />}>
              <BarrasDesenho itens={itens} />
            </Suspense>
          </Box>
          <Box component="table" sx={visuallyHidden}>
            <caption>{titulo}</caption>
            <thead>
              <tr>
                <th scope="col">Situação</th>
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {itens.map((i) => (
                <tr key={i.label}>
                  <th scope="row">{i.label}</th>
                  <td>{i.valor}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </>
      ) : isPending ? (
        <Skeleton variant="rectangular" height={240} aria-label="Carregando..." />
      ) : (
        <Typography color="text.secondary">-</Typography>
      )}
    </Paper>
  );
}
