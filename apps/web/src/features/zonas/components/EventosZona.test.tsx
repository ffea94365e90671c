import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { evento, pagina, zona } from '../zonas-fixtures';

const LENTO = { timeout: 5000 };
const EVENTOS = 'GET /api/zonas/5/eventos';
const consulta = (r: StubRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);

function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('a safe zone’s events', () => {
  it('lists who crossed it, when and where, newest first, paged in the address', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/zonas/5': () => json(200, zona()),
      [EVENTOS]: () =>
        json(200, pagina([evento(), evento({ id: 2, tipo: 'ENTRADA', descricao: 'REX', dataHora: '2025-03-10T17:40:00.000Z' })], 14)),
    });
    const { user, location } = renderApp('/user/zonas/eventos/5');
    expect(await screen.findByRole('heading', { name: 'Zona CASA' }, LENTO)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Eventos da zona' });
    await within(table).findByRole('cell', { name: 'THOR' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pet', 'Evento', 'Data/Hora', 'Latitude', 'Longitude']);
    expect(celulas(table, 1)).toEqual(['THOR', 'Saída', '10/03/2025 14:32', '-23.560123', '-46.650000']);
    expect(celulas(table, 2)).toEqual(['REX', 'Entrada', '10/03/2025 14:40', '-23.560123', '-46.650000']);
    expect(consulta(net.calls(EVENTOS)[0])).toEqual({ page: '0', size: '10', orderBy: 'dataHora', orderDirection: 'desc' });

    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(location()).toBe('/user/zonas/eventos/5?page=1'));
    await waitFor(() => expect(consulta(net.calls(EVENTOS).at(-1))).toMatchObject({ page: '1' }));
    expect(screen.getByRole('link', { name: 'Editar zona' })).toHaveAttribute('href', '/user/zonas/editar/5');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/user/zonas');
  });

  it('says when nobody crossed it yet', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/zonas/5': () => json(200, zona()), [EVENTOS]: () => json(200, pagina([])) });
    renderApp('/user/zonas/eventos/5');
    expect(await screen.findByText(MSG.nenhumEventoZona, undefined, LENTO)).toBeInTheDocument();
  });

  it('says when the zone is not the user’s', async () => {
    loginAs(clientToken);
    stubFetch();
    renderApp('/user/zonas/eventos/5');
    const table = await screen.findByRole('table', { name: 'Eventos da zona' }, LENTO);
    expect(await within(table).findByRole('alert')).toHaveTextContent('Registro não encontrado.');
  });
});
