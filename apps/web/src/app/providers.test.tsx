import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './providers';

function Cor() {
  const tema = useTheme();
  return (
    <>
      <span>{tema.palette.primary.main}</span>
      <span>{tema.components?.MuiTablePagination?.defaultProps?.labelRowsPerPage}</span>
    </>
  );
}

describe('AppProviders', () => {
  it("gives MUI's components the app's theme: teal buttons, labels as written, pt-BR", () => {
    render(
      <AppProviders>
        <Button variant="contained">Entrar</Button>
        <Cor />
      </AppProviders>,
    );
    const estilo = getComputedStyle(screen.getByRole('button', { name: 'Entrar' }));
    expect([estilo.getPropertyValue('--variant-containedBg'), estilo.textTransform]).toEqual(['#00695c', 'none']);
    expect(screen.getByText('#00695c')).toBeInTheDocument();
    expect(screen.getByText('Linhas por página:')).toBeInTheDocument();
  });
});
