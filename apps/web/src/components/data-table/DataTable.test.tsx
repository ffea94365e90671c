import { ptBR } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

function renderTable(props: Partial<DataTableProps<Linha>> = {}) {
  const handlers = { onPageChange: vi.fn(), onSizeChange: vi.fn(), onSortChange: vi.fn() };
  const user = userEvent.setup();
  render(
    <ThemeProvider theme={createTheme({}, ptBR)}>
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
    </ThemeProvider>,
  );
  return { ...handlers, user };
}

describe('DataTable', () => {
  it('shows the rows with the paginator in Portuguese', async () => {
    const { onPageChange, onSizeChange, user } = renderTable();
    const table = screen.getByRole('table', { name: 'Linhas de teste' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('cell', { name: 'NOME 10' })).toBeInTheDocument();
    expect(screen.getByText('Mostrar Linhas:')).toBeInTheDocument();
    expect(screen.getByText('1 a 10 de 23')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    expect(onPageChange).toHaveBeenCalledWith(1);

    await user.click(screen.getByRole('combobox', { name: /Mostrar Linhas/ }));
    await user.click(screen.getByRole('option', { name: '25' }));
    expect(onSizeChange).toHaveBeenCalledWith(25);
  });

  it('shows the range of a later page', () => {
    renderTable({ page: { ...pagina, number: 2, content: linhas.slice(0, 3), numberOfElements: 3 }, params: { ...params, page: 2 } });
    expect(screen.getByText('21 a 23 de 23')).toBeInTheDocument();
  });

  it('sorts by a sortable column and marks the current order', async () => {
    const { onSortChange, user } = renderTable({ params: { ...params, orderBy: 'nome', orderDirection: 'desc' } });
    expect(screen.getByRole('columnheader', { name: /Nome/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Cód\./ })).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: /Cód\./ }));
    expect(onSortChange).toHaveBeenCalledWith('id');
    expect(screen.queryByRole('button', { name: 'Extra' })).not.toBeInTheDocument();
  });

  it('shows the empty message', () => {
    renderTable({ page: { ...pagina, content: [], totalElements: 0, numberOfElements: 0 } });
    expect(screen.getByText(MSG.nenhumResultado)).toBeInTheDocument();
    expect(screen.getByText('0 a 0 de 0')).toBeInTheDocument();
  });

  it('shows the empty message without a page (no search yet)', () => {
    renderTable({ page: undefined, emptyMessage: MSG.informeFiltros });
    expect(screen.getByText(MSG.informeFiltros)).toBeInTheDocument();
    expect(screen.queryByText('Mostrar Linhas:')).not.toBeInTheDocument();
  });

  it('marks itself busy while loading', () => {
    renderTable({ page: undefined, isLoading: true });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByText(MSG.nenhumResultado)).not.toBeInTheDocument();
  });

  it('shows the service-unavailable message on failure', () => {
    renderTable({ page: undefined, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent(MSG.servicoIndisponivel);
  });

  it('opens a row menu from the keyboard', async () => {
    const editar = vi.fn();
    const { user } = renderTable({
      actionsLabel: 'Ações',
      rowActions: (r) => [
        { label: 'Editar', onClick: () => editar(r.id) },
        { label: 'Inativar', onClick: vi.fn(), disabled: true },
      ],
    });
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    const botao = screen.getByRole('button', { name: 'Ações do registro 3' });
    botao.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Inativar' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(editar).toHaveBeenCalledWith(3);
  });
});
