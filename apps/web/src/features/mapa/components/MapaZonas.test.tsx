import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Zona } from '@rastro/shared/schemas/zonas';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';

/** A zone around TOTO's position. */
const casa: Zona = {
  id: 5,
  nome: 'CASA',
  tipo: 'CIRCULO',
  latitude: -23.5,
  longitude: -46.6,
  raioMetros: 150,
  pontos: [],
  rastreadorIds: [70],
  alertarSaida: true,
  alertarEntrada: false,
  dataCadastro: '2025-03-01T12:00:00.000Z',
  dataAtualizacao: '2025-03-01T12:00:00.000Z',
};

/** The safe zones drawn on the map (light green, under the markers). */
const zonasNoMapa = (regiao: HTMLElement) => regiao.querySelectorAll<SVGPathElement>('.leaflet-overlay-pane path[fill="#2e7d32"]');

beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('Mapa GPS: safe zones', () => {
  it('shows a pet outside a zone in its marker and info window, and follows it live', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador({ foraDeZonas: ['CASA'] }), marcador({ id: 8, usuarioRastreadorId: 8, name: 'REX' })]),
      'GET /api/zonas': () => json(200, [casa]),
    });
    const { user } = renderApp('/user/mapa');
    const regiao = await screen.findByRole('region', { name: 'Mapa' }, LENTO);
    const toto = await within(regiao).findByRole('button', { name: 'TOTO, fora da zona CASA' });
    expect(within(regiao).getByRole('button', { name: 'REX' })).toBeInTheDocument();
    await user.click(toto);
    expect(await screen.findByText(linha('Fora da zona CASA'))).toBeInTheDocument();

    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber({ posicoes: [marcador({ foraDeZonas: ['CASA', 'PARQUE'] })], rastreadores: [], notificacoes: [] });
    expect(await screen.findByText(linha('Fora das zonas CASA, PARQUE'))).toBeInTheDocument();
    expect(within(regiao).getByRole('button', { name: 'TOTO, fora das zonas CASA, PARQUE' })).toBeInTheDocument();

    // Back inside: the marker and its info window say nothing more.
    ws.receber({ posicoes: [marcador()], rastreadores: [], notificacoes: [] });
    await waitFor(() => expect(screen.queryByText(/^Fora da/)).not.toBeInTheDocument());
    expect(within(regiao).getByRole('button', { name: 'TOTO' })).toBeInTheDocument();
    expect(screen.getByText(linha('Latitude: -23.500000'))).toBeInTheDocument();
  });

  it('draws the owner’s zones under the markers, named on hover, only for the current location', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) => json(200, req.url.searchParams.get('tipoVisualizacao') === 'ATUAL' ? [marcador()] : [marcador({ id: 101 })]),
      'GET /api/zonas': () => json(200, [casa]),
    });
    const { user } = renderApp('/user/mapa');
    const regiao = await screen.findByRole('region', { name: 'Mapa' }, LENTO);
    await within(regiao).findByRole('button', { name: 'TOTO' });
    await waitFor(() => expect(zonasNoMapa(regiao)).toHaveLength(1));
    const [zona] = zonasNoMapa(regiao);
    if (!zona) throw new Error('zona ausente');
    await user.hover(zona);
    expect(await within(regiao).findByText('CASA')).toBeInTheDocument();

    await semToqueDuplo();
    await user.click(screen.getByRole('combobox', { name: /^Tipo de Visualização/ }));
    await user.click(await screen.findByRole('option', { name: 'Histórico de localizações' }));
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await within(regiao).findByRole('button', { name: 'Início do trajeto' })).toBeInTheDocument();
    expect(zonasNoMapa(regiao)).toHaveLength(0);
  });
});
