import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerModoPerdido } from '@rastro/shared/messages';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

/** Lost-pet mode on the map (issue #19): a red banner, a red marker, and the info window and card say until when. */

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';
// 14:30 and 20:30 in São Paulo.
const perdido = { ativo: true as const, desde: '2025-03-10T17:30:00.000Z', ate: '2025-03-10T23:30:00.000Z' };

const larguraOriginal = window.innerWidth;
beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => {
  window.innerWidth = larguraOriginal;
  vi.restoreAllMocks();
});

describe('Mapa GPS: lost-pet mode', () => {
  it('on a desktop: a red banner above the map, the marker named as lost, its window says until when; live updates end it', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () =>
        json(200, [marcador({ name: 'THOR', modoPerdido: perdido }), marcador({ id: 8, usuarioRastreadorId: 8, name: 'REX' })]),
      'GET /api/zonas': () => json(200, []),
    });
    const { user } = renderApp('/user/mapa');
    expect(await screen.findByText(bannerModoPerdido('THOR', '14:30'), {}, LENTO)).toBeInTheDocument();
    const regiao = screen.getByRole('region', { name: 'Mapa' });
    const thor = await within(regiao).findByRole('button', { name: 'THOR, em modo perdido' });
    expect(within(regiao).getByRole('button', { name: 'REX' })).toBeInTheDocument();
    await user.click(thor);
    expect(await screen.findByText(linha('Em modo perdido até 20:30'))).toBeInTheDocument();

    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber({ posicoes: [marcador({ name: 'THOR', modoPerdido: null })], rastreadores: [], notificacoes: [] });
    expect(await within(regiao).findByRole('button', { name: 'THOR' })).toBeInTheDocument();
    expect(screen.queryByText(bannerModoPerdido('THOR', '14:30'))).not.toBeInTheDocument();
  });

  it('the lost-mode dialog opened from the info window stays open while the pet moves live', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador({ name: 'THOR', modoPerdido: null })]),
      'GET /api/zonas': () => json(200, []),
    });
    const { user } = renderApp('/user/mapa');
    const regiao = await screen.findByRole('region', { name: 'Mapa' }, LENTO);
    await user.click(await within(regiao).findByRole('button', { name: 'THOR' }, LENTO));
    // The button is in the info window, inside the map: two quick clicks there are a touch double tap to Leaflet.
    await semToqueDuplo();
    await user.click(await screen.findByRole('button', { name: 'Ativar modo perdido' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Ativar modo perdido' });

    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber({
      posicoes: [
        marcador({
          name: 'THOR',
          modoPerdido: null,
          position: { lat: -23.51, lng: -46.61 },
          bateria: 12,
          dataHora: '2025-03-10T13:05:00.000Z',
        }),
      ],
      rastreadores: [],
      notificacoes: [],
    });
    // The info window behind the dialog took the new reading.
    expect(await screen.findByText('12%')).toBeInTheDocument();
    expect(dialogo).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Ativar modo perdido' })).toBeVisible();
  });

  it('on a phone: the banner over the map and the pet’s card say it is lost', async () => {
    window.innerWidth = 390;
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador({ name: 'THOR', modoPerdido: perdido })]),
      'GET /api/zonas': () => json(200, []),
    });
    renderApp('/user/mapa');
    expect(await screen.findByText(bannerModoPerdido('THOR', '14:30'), {}, LENTO)).toBeInTheDocument();
    const cartao = await screen.findByRole('article', { name: 'THOR' });
    expect(within(cartao).getByText('Modo perdido até 20:30')).toBeInTheDocument();
  });
});
