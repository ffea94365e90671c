import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import type { AtividadeDia } from '@rastro/shared/schemas/atividade';
import { diaCurto } from './formatar';

/** The chart itself: its own chunk, so only who opens the Atividade tab downloads the library. */
export function AtividadeDesenho({ dias }: { dias: readonly AtividadeDia[] }) {
  // The app's colour, not the charts library's default blue.
  const { palette } = useTheme();
  return (
    <ChartsLocalizationProvider localeText={ptBRLocaleText}>
      <BarChart
        height={240}
        hideLegend
        margin={{ left: 0, right: 8 }}
        xAxis={[{ scaleType: 'band', data: dias.map((d) => diaCurto(d.data)) }]}
        yAxis={[{ label: 'km', width: 48 }]}
        series={[
          {
            data: dias.map((d) => d.distanciaMetros / 1000),
            label: 'Distância',
            color: palette.primary.main,
            valueFormatter: (v) => (v === null ? '' : `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`),
          },
        ]}
      />
    </ChartsLocalizationProvider>
  );
}
