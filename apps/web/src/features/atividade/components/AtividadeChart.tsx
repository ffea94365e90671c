import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { AtividadeDia } from '@rastro/shared/schemas/atividade';
import { Spinner, visuallyHidden } from '@/components/Spinner';
import { diaLongo, formatarKm, formatarMinutos } from './formatar';

const AtividadeDesenho = lazy(() => import('./AtividadeDesenho').then((m) => ({ default: m.AtividadeDesenho })));

/**
 * The period's distance per day as bars. The drawing is hidden from assistive technology, which
 * reads every day's figures from a table instead.
 */
export function AtividadeChart({ dias, titulo }: { dias: readonly AtividadeDia[]; titulo: string }) {
  return (
    <>
      {/* inert: the chart's SVG takes keyboard focus, which a hidden drawing must not. */}
      <Box aria-hidden="true" inert sx={{ minHeight: 240 }}>
        <Suspense fallback={<Spinner label="Carregando gráfico..." />}>
          <AtividadeDesenho dias={dias} />
        </Suspense>
      </Box>
      <Box component="table" sx={visuallyHidden}>
        <caption>{titulo}</caption>
        <thead>
          <tr>
            <th scope="col">Dia</th>
            <th scope="col">Distância</th>
            <th scope="col">Ativo</th>
            <th scope="col">Repouso</th>
          </tr>
        </thead>
        <tbody>
          {dias.map((d) => (
            <tr key={d.data}>
              <th scope="row">{diaLongo(d.data)}</th>
              <td>{formatarKm(d.distanciaMetros)}</td>
              <td>{formatarMinutos(d.minutosAtivos)}</td>
              <td>{formatarMinutos(d.minutosRepouso)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </>
  );
}
