import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { AtividadeDesenho } from './AtividadeDesenho';

describe('the activity chart', () => {
  it('draws the days in the app’s own colour, not the chart library’s', async () => {
    const tema = createTheme({ palette: { primary: { main: '#00695c' } } });
    const { container, findAllByText } = render(
      <ThemeProvider theme={tema}>
        <AtividadeDesenho
          dias={[
            { data: '2026-11-24', distanciaMetros: 1000, minutosAtivos: 10, minutosRepouso: 500 },
            { data: '2026-11-25', distanciaMetros: 2350, minutosAtivos: 42, minutosRepouso: 1250 },
          ]}
        />
      </ThemeProvider>,
    );
    await findAllByText('km');
    const barras = Array.from(container.querySelectorAll('.MuiBarChart-element'));
    expect(barras).toHaveLength(2);
    expect(barras.map((b) => b.getAttribute('fill'))).toEqual(['#00695c', '#00695c']);
  });
});
