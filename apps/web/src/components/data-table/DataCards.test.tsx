import { ptBR } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { ListPaging } from '@/lib/use-list-params';
import { DataTable, type Column, type DataTableProps } from './DataTable';

interface Linha {
  id: number;
  nome: string;
}

const colunas: Column<Linha>[] = [
  { id: 'id', label: 'Cód.', sortable: true, render: (r) => r.id },
  { id: 'nome', label: 'Nome', sortable: true, render: (r) => r.nome },
  { id: 'extra', label: 'Extra', render: () => '-' },
];

const linhas: Linha[] = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, nome: `NOME ${i + 1}` }));
const pagina: Page<Linha> = {
  content: linhas,
  number: 0,
  size: 10,
  totalElements: 23,
  totalPages: 3,
  first: true,
  last: false,
  numberOfElements: 10,
};
const params: ListPaging = { page: 0, size: 10, orderBy: 'id', orderDirection: 'asc' };

function renderList(props: Partial<DataTableProps<Linha>> = {}) {
  const handlers = { onPageChange: vi.fn(), onSizeChange: vi.fn(), onSortChange: vi.fn() };
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={createTheme({}, ptBR)}>
      <main>
        <h1>Teste</h1>
        <h2>Linhas</h2>
        <DataTable<Linha>
          columns={colunas}
          page={pagina}
          params={params}
          emptyMessage={MSG.nenhumResultado}
          getRowId={(r) => r.id}
          caption="Linhas de teste"
          {...handlers}
          {...props}
        />
      </main>
    </ThemeProvider>,
  );
  return { ...handlers, user, container: view.container };
}

/** The label/value pairs of a card, as a screen reader lists them. */
function pares(card: HTMLElement): [string | null, string | null][] {
  return within(card)
    .queryAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? null]);
}

const cartoes = () => within(screen.getByRole('list', { name: 'Linhas de teste' })).getAllByRole('listitem');

function cartao(i: number): HTMLElement {
  const c = cartoes()[i];
  if (!c) throw new Error(`cartão ${i} ausente`);
  return c;
}

describe('DataTable on a phone (390 px)', () => {
  beforeEach(() => {
    vi.stubGlobal('innerWidth', 390);
  });

  it('lists the rows as cards: the first column as heading, the others as label and value', () => {
    renderList();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(cartoes()).toHaveLength(10);
    const terceiro = cartao(2);
    expect(within(terceiro).getByRole('heading', { level: 3 })).toHaveTextContent('3');
    expect(pares(terceiro)).toEqual([
      ['Nome', 'NOME 3'],
      ['Extra', '-'],
    ]);
  });

  it('uses the column marked as title, the card rendering, and the columns meant for each view', () => {
    renderList({
      cardHeading: 'h2',
      columns: [
        { id: 'id', label: 'Cód.', render: (r) => r.id },
        { id: 'nome', label: 'Nome', cardTitle: true, render: (r) => r.nome },
        { id: 'quando', label: 'Quando', render: () => '02/03/2025 12:30', renderCard: () => 'há 3 min' },
        { id: 'so-tabela', label: 'Só na tabela', only: 'table', render: () => 'x' },
        { id: 'so-cartao', label: 'Visto', only: 'cards', render: () => 'ontem' },
      ],
    });
    const primeiro = cartao(0);
    expect(within(primeiro).getByRole('heading', { level: 2 })).toHaveTextContent('NOME 1');
    expect(pares(primeiro)).toEqual([
      ['Cód.', '1'],
      ['Quando', 'há 3 min'],
      ['Visto', 'ontem'],
    ]);
  });

  it('keeps the row menu in each card', async () => {
    const editar = vi.fn();
    const { user } = renderList({ rowActions: (r) => [{ label: 'Editar', onClick: () => editar(r.id) }] });
    await user.click(within(cartao(2)).getByRole('button', { name: 'Ações do registro 3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(editar).toHaveBeenCalledWith(3);
  });

  it('pages below the list', async () => {
    const { onPageChange, onSizeChange, user } = renderList();
    expect(screen.getByText('1 a 10 de 23')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('combobox', { name: /Mostrar Linhas/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(onSizeChange).toHaveBeenCalledWith(25);
  });

  it('sorts from "Ordenar por" with the sortable columns, and reverses the order', async () => {
    const { onSortChange, user } = renderList({ params: { ...params, orderBy: 'nome', orderDirection: 'desc' } });
    const ordenar = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(ordenar).toHaveValue('nome');
    expect(
      within(ordenar)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cód.', 'Nome']);

    await user.selectOptions(ordenar, 'Cód.');
    expect(onSortChange).toHaveBeenLastCalledWith('id');

    // Same contract as the header: the current column again toggles the direction.
    await user.click(screen.getByRole('button', { name: 'Ordem decrescente, inverter' }));
    expect(onSortChange).toHaveBeenLastCalledWith('nome');
  });

  it('offers no sorting when no column sorts, nor a paginator without a page', () => {
    renderList({ columns: colunas.map((c) => ({ ...c, sortable: false })), page: undefined, rows: linhas.slice(0, 2) });
    expect(cartoes()).toHaveLength(2);
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).not.toBeInTheDocument();
    expect(screen.queryByText('Mostrar Linhas:')).not.toBeInTheDocument();
  });

  it('shows the empty message instead of the list', () => {
    renderList({ page: { ...pagina, content: [], totalElements: 0, numberOfElements: 0 } });
    expect(screen.getByText(MSG.nenhumResultado)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).not.toBeInTheDocument();
    expect(screen.getByText('0 a 0 de 0')).toBeInTheDocument();
  });

  it('shows the failure as an alert', () => {
    renderList({ page: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.servicoIndisponivel);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('shows placeholder cards while the first page loads', () => {
    renderList({ page: undefined, isLoading: true });
    const lista = screen.getByRole('list', { name: 'Linhas de teste' });
    expect(lista).toHaveAttribute('aria-busy', 'true');
    expect(within(lista).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByText(MSG.nenhumResultado)).not.toBeInTheDocument();
  });

  it('has no WCAG A/AA violation', async () => {
    const { container } = renderList({ rowActions: () => [{ label: 'Editar', onClick: vi.fn() }] });
    // The test DOM cannot compute colours; contrast is checked in the browser journeys.
    const resultado = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(resultado.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    // The list's structure was checked, not skipped.
    expect(resultado.passes.map((p) => p.id)).toEqual(
      expect.arrayContaining(['list', 'listitem', 'definition-list', 'dlitem', 'button-name', 'select-name']),
    );
  });
});

describe('DataTable at 600 px', () => {
  it('is still the table', () => {
    vi.stubGlobal('innerWidth', 600);
    renderList();
    expect(screen.getByRole('table', { name: 'Linhas de teste' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Ordenar por' })).not.toBeInTheDocument();
  });
});
