import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import type { BarraItem } from './barra-item';

/** The chart itself; its own chunk, so only users who see a chart download the library. */
export function BarrasChart({ itens }: { itens: readonly BarraItem[] }) {
  return (
    <ChartsLocalizationProvider localeText={ptBRLocaleText}>
      <BarChart
        height={280}
        hideLegend
        xAxis={[
          {
            scaleType: 'band',
            data: itens.map((i) => i.label),
            colorMap: { type: 'ordinal', colors: itens.map((i) => i.cor) },
          },
        ]}
        yAxis={[{ tickMinStep: 1 }]}
        series={[{ data: itens.map((i) => i.valor), label: 'Total' }]}
      />
    </ChartsLocalizationProvider>
  );
}
