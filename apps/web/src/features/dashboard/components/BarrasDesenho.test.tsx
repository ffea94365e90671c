import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarrasDesenho } from './BarrasDesenho';

const ITENS = [
  { label: 'Aguardando Vinculo', valor: 0, cor: '#0288d1' },
  { label: 'Ativo', valor: 1, cor: '#2e7d32' },
  { label: 'Inativo', valor: 0, cor: '#9e9e9e' },
  { label: 'Alerta', valor: 0, cor: '#d32f2f' },
];

describe('a dashboard bar chart', () => {
  it('names every category and writes every bar’s count, a zero too', async () => {
    const { container, findByText } = render(<BarrasDesenho itens={ITENS} />);
    await findByText('Aguardando Vinculo');
    const textos = Array.from(container.querySelectorAll('svg text'), (t) => t.textContent);
    for (const i of ITENS) expect(textos).toContain(i.label);
    const rotulosDasBarras = Array.from(container.querySelectorAll('.MuiBarChart-root text'), (t) => t.textContent);
    expect(rotulosDasBarras).toEqual(['0', '1', '0', '0']);
    // Each bar in its category's colour.
    expect(Array.from(container.querySelectorAll('.MuiBarChart-element'), (b) => b.getAttribute('fill'))).toEqual(ITENS.map((i) => i.cor));
  });
});
