import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, alterarSituacaoChipErro, alterarSituacaoChipSucesso, confirmarChip } from '@rastro/shared/messages';
import type { Chip } from '@rastro/shared/schemas/chips';
import { LENTO, pagina } from '@/testing/fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';

const chip = (over: Partial<Chip> = {}): Chip => ({
  id: 1,
  descricao: 'CHIP VIVO',
  numero: '11987654321',
  situacao: 'A',
  usuarioCadastroNome: 'ADMINISTRADOR',
  dataCadastro: '2025-01-15T10:30:00.000Z',
  ...over,
});

/** The texts of a table row's cells (row 0 is the header). */
function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

const buscar = () => screen.getByRole('button', { name: 'Buscar' });

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */

describe('chip list', () => {
  it('asks for filters first, then lists what the search finds', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/chips': () =>
        json(200, pagina([chip(), chip({ id: 2, numero: '1130000000', situacao: 'I', usuarioCadastroNome: null })], 12)),
    });
    const { user, location } = renderApp('/admin/chips');
    expect(await screen.findByText(MSG.informeFiltros, undefined, LENTO)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Pesquisa' })).toBeInTheDocument();
    expect(net.calls('GET /api/chips')).toHaveLength(0);

    await user.click(buscar());
    const table = screen.getByRole('table', { name: 'Chips' });
    expect(await within(table).findByRole('cell', { name: '(11) 9 8765-4321' })).toBeInTheDocument();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Cód.', 'Descrição', 'Número', 'Usuário', 'Data de Cadastro', 'Situação', 'Ações']);
    expect(celulas(table, 1)).toEqual(['1', 'CHIP VIVO', '(11) 9 8765-4321', 'ADMINISTRADOR', '15/01/2025 07:30', 'Ativo', '']);
    expect(celulas(table, 2)).toEqual(['2', 'CHIP VIVO', '(11) 3000-0000', '-', '15/01/2025 07:30', 'Inativo', '']);
    expect(screen.getByText('1 a 10 de 12')).toBeInTheDocument();
    expect(screen.getByText('Mostrar Linhas:')).toBeInTheDocument();

    const query = net.calls('GET /api/chips')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({ page: '0', size: '10', orderBy: 'id', orderDirection: 'asc' });
    expect(location()).toBe('/admin/chips?buscar=1');
    expect(screen.getByRole('link', { name: 'Novo' })).toHaveAttribute('href', '/admin/chips/cadastrar');
  });

  it('sends the filters (digits only, upper case) and says when nothing was found', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/chips': () => json(200, pagina([])) });
    const { user, location } = renderApp('/admin/chips');
    const codigo = await screen.findByRole('textbox', { name: 'Código' }, LENTO);
    await user.type(codigo, '12a3456');
    expect(codigo).toHaveValue('12345');
    await user.type(screen.getByRole('textbox', { name: 'Descrição' }), 'chip vivo');
    const numero = screen.getByRole('textbox', { name: 'Número' });
    await user.type(numero, '11987654321');
    expect(numero).toHaveValue('(11) 9 8765-4321');
    await user.click(buscar());

    expect(await screen.findByText(MSG.nenhumResultado)).toBeInTheDocument();
    const query = net.calls('GET /api/chips')[0]?.url.searchParams;
    expect(query?.get('codigo')).toBe('12345');
    expect(query?.get('descricao')).toBe('CHIP VIVO');
    expect(query?.get('numero')).toBe('11987654321');
    expect(location()).toBe('/admin/chips?codigo=12345&descricao=CHIP+VIVO&numero=11987654321&buscar=1');

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(await screen.findByText(MSG.informeFiltros)).toBeInTheDocument();
    expect(codigo).toHaveValue('');
    expect(numero).toHaveValue('');
    expect(location()).toBe('/admin/chips');
  });

  it('a reload keeps the search, and a new search goes back to page 1 ordered by code', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/chips': () => json(200, pagina([chip()], 30)) });
    const { user } = renderApp('/admin/chips?descricao=VIVO&page=2&orderBy=descricao&orderDirection=desc&buscar=1');
    expect(await screen.findByRole('textbox', { name: 'Descrição' }, LENTO)).toHaveValue('VIVO');
    await screen.findByRole('cell', { name: 'CHIP VIVO' });
    expect(Object.fromEntries(net.calls('GET /api/chips')[0]?.url.searchParams ?? [])).toEqual({
      descricao: 'VIVO',
      page: '2',
      size: '10',
      orderBy: 'descricao',
      orderDirection: 'desc',
    });
    expect(screen.getByRole('columnheader', { name: /Descrição/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(buscar());
    await waitFor(() => expect(net.calls('GET /api/chips')).toHaveLength(2));
    expect(Object.fromEntries(net.calls('GET /api/chips')[1]?.url.searchParams ?? [])).toEqual({
      descricao: 'VIVO',
      page: '0',
      size: '10',
      orderBy: 'id',
      orderDirection: 'asc',
    });
  });

  it('inactivates a chip after the confirmation and refreshes the list', async () => {
    loginAs();
    let situacao: Chip['situacao'] = 'A';
    const net = stubFetch({
      'GET /api/chips': () => json(200, pagina([chip({ situacao })])),
      'DELETE /api/chips/inativar/1': () => {
        situacao = 'I';
        return json(200, chip({ situacao }));
      },
    });
    const { user } = renderApp('/admin/chips?buscar=1');
    await screen.findByRole('cell', { name: 'Ativo' }, LENTO);

    await user.click(screen.getByRole('button', { name: 'Ações do registro 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: confirmarChip('Inativar', '(11) 9 8765-4321') });
    // The number never breaks across lines (at its hyphen or spaces) on a narrow screen.
    expect(within(dialog).getByText('(11) 9 8765-4321')).toHaveStyle({ whiteSpace: 'nowrap' });
    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls('DELETE /api/chips/inativar/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ações do registro 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(alterarSituacaoChipSucesso('Inativar'))).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Inativo' })).toBeInTheDocument();
    expect(net.calls('DELETE /api/chips/inativar/1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Ações do registro 1' }));
    expect(await screen.findByRole('menuitem', { name: 'Ativar' })).toBeInTheDocument();
  });

  it('says when the activation failed', async () => {
    loginAs();
    stubFetch({
      'GET /api/chips': () => json(200, pagina([chip({ situacao: 'I' })])),
      'PUT /api/chips/ativar/1': () => json(422, { status: 422, message: 'Nao.' }),
    });
    const { user } = renderApp('/admin/chips?buscar=1');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 1' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: confirmarChip('Ativar', '(11) 9 8765-4321') })).getByRole('button', { name: 'Sim' }),
    );
    expect(await screen.findByText(alterarSituacaoChipErro('Ativar'))).toBeInTheDocument();
  });

  it('shows the service-unavailable message when the list fails', async () => {
    loginAs();
    stubFetch({ 'GET /api/chips': () => new Response('', { status: 503 }) });
    renderApp('/admin/chips?buscar=1');
    expect(await screen.findByRole('alert', undefined, LENTO)).toHaveTextContent(MSG.servicoIndisponivel);
  });

  it('opens the edit form and comes back to the same search', async () => {
    loginAs();
    stubFetch({
      'GET /api/chips': () => json(200, pagina([chip()])),
      'GET /api/chips/1': () => json(200, chip()),
    });
    const { user, location } = renderApp('/admin/chips?descricao=VIVO&buscar=1');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 1' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(await screen.findByRole('heading', { name: 'Editar' })).toBeInTheDocument();
    expect(location()).toBe('/admin/chips/editar/1');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(location()).toBe('/admin/chips?descricao=VIVO&buscar=1'));
    expect(await screen.findByRole('cell', { name: 'CHIP VIVO' })).toBeInTheDocument();
  });
});
