import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { DADOS_LOCAIS_DO_USUARIO } from '@/lib/sessao';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, prepararMapa } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { guardar } from '../api/marcadores-guardados';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';
const CINCO_MIN = 5 * 60_000;

const toto = marcador();
const rex = marcador({ id: 8, usuarioRastreadorId: 8, rastreadorId: 80, name: 'REX', position: { lat: -23.6, lng: -46.7 } });
const mapa = () => screen.findByRole('region', { name: 'Mapa' }, LENTO);
const guardado = () => JSON.parse(window.localStorage.getItem(DADOS_LOCAIS_DO_USUARIO.marcadores) ?? 'null') as unknown;

/** The markers API answers when the test says so. */
function respostaPendente() {
  let responder: (r: Response) => void = () => undefined;
  stubFetch({
    [SELECT]: () => json(200, rastreadoresSelect),
    [ULTIMAS]: () => new Promise<Response>((r) => (responder = r)),
  });
  return (r: Response) => responder(r);
}

beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('Mapa GPS: the markers kept from the last visit', () => {
  it('shows them at once with their age while the fresh ones load, then the fresh ones replace them and the age goes', async () => {
    guardar(String(clientToken.usuarioId), [toto], Date.now() - CINCO_MIN);
    const responder = respostaPendente();
    renderApp('/user/mapa');
    const regiao = await mapa();
    expect(await within(regiao).findByRole('button', { name: 'TOTO' })).toBeInTheDocument();
    const idade = screen.getByRole('status');
    expect(idade).toHaveTextContent('Atualizado há 5 min · buscando posições novas…');
    // No veil over the markers the owner can already see.
    expect(screen.queryByText('Carregando localizações...')).not.toBeInTheDocument();

    responder(json(200, [rex]));
    expect(await within(regiao).findByRole('button', { name: 'REX' })).toBeInTheDocument();
    expect(within(regiao).queryByRole('button', { name: 'TOTO' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Atualizado/)).not.toBeInTheDocument();
    // The fresh list is what the next visit starts from.
    await waitFor(() => expect(guardado()).toMatchObject({ dono: '2', marcadores: [rex] }));
  });

  it('keeps them, with their age, when the fresh ones cannot be loaded', async () => {
    guardar(String(clientToken.usuarioId), [toto], Date.now() - 2 * 60 * 60_000);
    const responder = respostaPendente();
    renderApp('/user/mapa');
    const regiao = await mapa();
    await within(regiao).findByRole('button', { name: 'TOTO' });
    responder(json(503, { status: 503, message: 'x' }));
    expect(await screen.findByText(MSG.erroCarregarRegistro)).toBeInTheDocument();
    expect(await screen.findByText('Atualizado há 2 h')).toBeInTheDocument();
    expect(within(regiao).getByRole('button', { name: 'TOTO' })).toBeInTheDocument();
  });

  it('a live update moves a kept marker and is kept for the next visit', async () => {
    guardar(String(clientToken.usuarioId), [toto], Date.now() - CINCO_MIN);
    respostaPendente();
    renderApp('/user/mapa');
    const regiao = await mapa();
    await within(regiao).findByRole('button', { name: 'TOTO' });
    const ws = FakeWebSocket.ultima();
    ws.abrir();
    const movido = { ...toto, position: { lat: -23.51, lng: -46.61 }, dataHora: new Date().toISOString() };
    ws.receber({ posicoes: [movido], rastreadores: [], notificacoes: [] });
    await waitFor(() => expect(guardado()).toMatchObject({ dono: '2', marcadores: [movido] }));
    expect(screen.queryByText(/^Atualizado/)).not.toBeInTheDocument();
  });

  it("never shows another user's markers: the map waits for this user's", async () => {
    guardar('99', [toto], Date.now() - CINCO_MIN);
    const responder = respostaPendente();
    renderApp('/user/mapa');
    await mapa();
    expect(await screen.findByText('Carregando localizações...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'TOTO' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Atualizado/)).not.toBeInTheDocument();
    responder(json(200, [rex]));
    expect(await screen.findByRole('button', { name: 'REX' })).toBeInTheDocument();
  });
});
