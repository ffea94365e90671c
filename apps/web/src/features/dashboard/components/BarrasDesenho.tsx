import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsLocalizationProvider } from '@mui/x-charts/ChartsLocalizationProvider';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import type { BarraItem } from './barra-item';

/** Room per bar, and for the value axis below them. */
const ALTURA_BARRA = 52;
const ALTURA_EIXO = 40;

/**
 * The chart itself; its own chunk, so only users who see a chart download the library.
 * Bars lie down, each with its category to its left and its count at its tip (a zero too): on a
 * phone, categories side by side under upright bars collided and the chart hid the labels that did.
 */
export function BarrasDesenho({ itens }: { itens: readonly BarraItem[] }) {
  return (
    <ChartsLocalizationProvider localeText={ptBRLocaleText}>
      <BarChart
        layout="horizontal"
        height={itens.length * ALTURA_BARRA + ALTURA_EIXO}
        hideLegend
        margin={{ left: 0, right: 28, top: 8 }}
        yAxis={[
          {
            scaleType: 'band',
            data: itens.map((i) => i.label),
            // As wide as the longest category ('Aguardando Desligamento'), measured.
            width: 'auto',
            tickSize: 0,
            colorMap: { type: 'ordinal', colors: itens.map((i) => i.cor) },
          },
        ]}
        xAxis={[
          {
            tickMinStep: 1,
            height: ALTURA_EIXO - 12,
            // Room past the longest bar for its count, which the plot area would otherwise cut off.
            domainLimit: (_min, max) => ({ min: 0, max: Math.max(1, Number(max)) * 1.25 }),
          },
        ]}
        series={[
          {
            data: itens.map((i) => i.valor),
            label: 'Total',
            barLabel: (item) => String(item.value ?? 0),
            barLabelPlacement: 'outside',
          },
        ]}
      />
    </ChartsLocalizationProvider>
  );
}
