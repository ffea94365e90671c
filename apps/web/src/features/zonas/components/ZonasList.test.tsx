import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, confirmarExcluirZona } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { meusRastreadores, poligono, zona } from '../zonas-fixtures';

const LENTO = { timeout: 5000 };
const RASTREADORES = 'GET /api/usuarios/rastreadores';

function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('safe zones list', () => {
  it('is in the owner’s menu and lists the zones with their shape, trackers and alerts', async () => {
    loginAs(clientToken);
    let responder: (r: Response) => void = () => undefined;
    stubFetch({
      'GET /api/zonas': () => new Promise<Response>((r) => (responder = r)),
      [RASTREADORES]: () => json(200, meusRastreadores),
      'GET /api/usuarios/rastreadores/ultimas-localizacoes': () => json(200, []),
    });
    const { user, location } = renderApp('/user/mapa');
    await user.click(await screen.findByRole('link', { name: 'Zonas seguras' }, LENTO));
    await waitFor(() => expect(location()).toBe('/user/zonas'));
    const table = await screen.findByRole('table', { name: 'Zonas seguras' }, LENTO);
    // Loading: the table says so until the zones arrive.
    expect(within(table.parentElement?.parentElement ?? table).getByRole('status')).toHaveTextContent('Carregando...');
    responder(json(200, [zona(), poligono()]));

    await within(table).findByRole('cell', { name: 'CASA' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nome', 'Formato', 'Rastreadores', 'Alertas', 'Ações']);
    expect(celulas(table, 1)).toEqual(['CASA', 'Círculo de 150 m', 'THOR', 'Saída', '']);
    expect(celulas(table, 2)).toEqual(['PARQUE', 'Polígono de 5 pontos', 'THOR, REX', 'Saída e entrada', '']);
    expect(screen.getByRole('link', { name: 'Nova zona' })).toHaveAttribute('href', '/user/zonas/cadastrar');
  });

  it('says when there is no zone yet', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/zonas': () => json(200, []), [RASTREADORES]: () => json(200, meusRastreadores) });
    renderApp('/user/zonas');
    expect(await screen.findByText(MSG.nenhumaZona, undefined, LENTO)).toBeInTheDocument();
  });

  it('shows a load failure in the table', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/zonas': () => json(503, { status: 503, message: 'x' }), [RASTREADORES]: () => json(200, meusRastreadores) });
    renderApp('/user/zonas');
    const table = await screen.findByRole('table', { name: 'Zonas seguras' }, LENTO);
    expect(await within(table).findByRole('alert')).toHaveTextContent('x');
  });

  it('opens a zone’s editor and its events from the row’s menu', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/zonas': () => json(200, [zona()]), [RASTREADORES]: () => json(200, meusRastreadores) });
    const { user, location } = renderApp('/user/zonas');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 5' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ver eventos' }));
    await waitFor(() => expect(location()).toBe('/user/zonas/eventos/5'));
  });

  it('deletes a zone after the confirmation', async () => {
    loginAs(clientToken);
    let zonas = [zona(), poligono()];
    const net = stubFetch({
      'GET /api/zonas': () => json(200, zonas),
      [RASTREADORES]: () => json(200, meusRastreadores),
      'DELETE /api/zonas/5': () => {
        zonas = [poligono()];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderApp('/user/zonas');
    const table = await screen.findByRole('table', { name: 'Zonas seguras' }, LENTO);
    await within(table).findByRole('cell', { name: 'CASA' });

    await user.click(screen.getByRole('button', { name: 'Ações do registro 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    const dialog = await screen.findByRole('dialog', { name: confirmarExcluirZona('CASA') });
    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls('DELETE /api/zonas/5')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Ações do registro 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Excluir' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.zonaExcluida)).toBeInTheDocument();
    expect(net.calls('DELETE /api/zonas/5')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(table).queryByRole('cell', { name: 'CASA' })).not.toBeInTheDocument());
    expect(within(table).getByRole('cell', { name: 'PARQUE' })).toBeInTheDocument();
  });

  it('offers no new zone at the limit of 50', async () => {
    loginAs(clientToken);
    const muitas = Array.from({ length: 50 }, (_, i) => zona({ id: i + 1, nome: `ZONA ${i + 1}` }));
    stubFetch({ 'GET /api/zonas': () => json(200, muitas), [RASTREADORES]: () => json(200, meusRastreadores) });
    renderApp('/user/zonas');
    expect(await screen.findByText(MSG.limiteZonas, undefined, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nova zona' })).not.toBeInTheDocument();
  });
});
