import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { theme } from '@/app/theme';
import { AtividadeChart } from './AtividadeChart';

describe('the activity chart', () => {
  it('draws the days in the app’s own colour, not the chart library’s', async () => {
    const { container, findAllByText } = render(
      <AppProviders>
        <AtividadeChart
          dias={[
            { data: '2026-11-24', distanciaMetros: 1000, minutosAtivos: 10, minutosRepouso: 500 },
            { data: '2026-11-25', distanciaMetros: 2350, minutosAtivos: 42, minutosRepouso: 1250 },
          ]}
        />
      </AppProviders>,
    );
    await findAllByText('km');
    const barras = Array.from(container.querySelectorAll('.MuiBarChart-element'));
    expect(barras).toHaveLength(2);
    expect(barras.map((b) => b.getAttribute('fill'))).toEqual([theme.palette.primary.main, theme.palette.primary.main]);
  });
});
