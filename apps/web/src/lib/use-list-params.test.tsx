import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

type Filtros = { nome: string; email: string };

function Lista({ requireSearch = false }: { requireSearch?: boolean }) {
  const list = useListParams<Filtros>({
    defaults: { orderBy: 'nome', orderDirection: 'asc' },
    filters: ['nome', 'email'],
    requireSearch,
    orderable: ['id', 'nome'],
  });
  return (
    <>
      <output aria-label="params">{JSON.stringify(list.params)}</output>
      <output aria-label="estado">{`${list.searched ? 'buscou' : 'sem busca'} ${list.ready ? 'pronta' : 'aguardando'}`}</output>
      <button onClick={() => list.search({ nome: ' ANA ', email: '' })}>Buscar</button>
      <button onClick={() => list.clear()}>Limpar</button>
      <button onClick={() => list.setPage(2)}>Página 3</button>
      <button onClick={() => list.setSize(25)}>25</button>
      <button onClick={() => list.setOrder('id')}>Ordenar</button>
    </>
  );
}

function renderAt(url: string, requireSearch = false) {
  const router = createMemoryRouter([{ path: '/lista', element: <Lista requireSearch={requireSearch} /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const params = () => JSON.parse(screen.getByLabelText('params').textContent ?? '') as Record<string, unknown>;
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, params, location, user: userEvent.setup() };
}

describe('useListParams', () => {
  it('starts on the first page with the default order', () => {
    const { params } = renderAt('/lista');
    expect(params()).toEqual({ page: 0, size: 10, orderBy: 'nome', orderDirection: 'asc' });
    expect(screen.getByLabelText('estado')).toHaveTextContent('sem busca pronta');
  });

  it('keeps page, size, order and filters in the address', async () => {
    const { params, location, user } = renderAt('/lista');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(location()).toBe('/lista?nome=ANA&buscar=1');
    await user.click(screen.getByRole('button', { name: '25' }));
    await user.click(screen.getByRole('button', { name: 'Ordenar' }));
    await user.click(screen.getByRole('button', { name: 'Página 3' }));
    expect(params()).toEqual({ nome: 'ANA', page: 2, size: 25, orderBy: 'id', orderDirection: 'asc' });

    // A reload (a fresh router on the same address) finds the same list.
    const url = location();
    cleanup();
    const again = renderAt(url);
    expect(again.params()).toEqual({ nome: 'ANA', page: 2, size: 25, orderBy: 'id', orderDirection: 'asc' });
  });

  it('toggles the direction on the same column', async () => {
    const { params, user } = renderAt('/lista?orderBy=id&orderDirection=asc');
    await user.click(screen.getByRole('button', { name: 'Ordenar' }));
    expect(params()).toMatchObject({ orderBy: 'id', orderDirection: 'desc' });
    await user.click(screen.getByRole('button', { name: 'Ordenar' }));
    expect(params()).toMatchObject({ orderBy: 'id', orderDirection: 'asc' });
  });

  it('a search goes back to the first page and the default order, keeping the size', async () => {
    const { params, location, user } = renderAt('/lista?email=X%40Y.COM&page=4&size=25&orderBy=id&orderDirection=desc');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(params()).toEqual({ nome: 'ANA', page: 0, size: 25, orderBy: 'nome', orderDirection: 'asc' });
    expect(location()).toBe('/lista?size=25&nome=ANA&buscar=1');
  });

  it('ignores what it does not understand in the address', () => {
    const { params } = renderAt('/lista?page=-1&size=abc&orderBy=senha&orderDirection=up&outro=1');
    expect(params()).toEqual({ page: 0, size: 10, orderBy: 'nome', orderDirection: 'asc' });
  });

  it('with requireSearch, is ready only after a search; Limpar undoes it', async () => {
    const { location, user } = renderAt('/lista', true);
    expect(screen.getByLabelText('estado')).toHaveTextContent('sem busca aguardando');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByLabelText('estado')).toHaveTextContent('buscou pronta');
    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByLabelText('estado')).toHaveTextContent('sem busca aguardando');
    expect(location()).toBe('/lista');
  });

  it('Back returns to the previous search', async () => {
    const { router, params, user } = renderAt('/lista');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(params()).toMatchObject({ nome: 'ANA' });
    await router.navigate(-1);
    // The navigation settles before React commits the new render: wait for the render itself.
    await waitFor(() => expect(params()).not.toHaveProperty('nome'));
    expect(params()).toMatchObject({ page: 0, orderBy: 'nome' });
  });
});
