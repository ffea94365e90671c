import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';

/** TOTO is the user's; REX is shared with them by ANA, inside ANA's zone CASA (the map's answer says both). */
const rex = marcador({
  id: 8,
  usuarioRastreadorId: 8,
  rastreadorId: 80,
  name: 'REX',
  position: { lat: -23.6, lng: -46.7 },
  dentroDeZonas: ['CASA'],
  compartilhadoPor: 'ANA',
});

const mapa = () => screen.findByRole('region', { name: 'Mapa' }, LENTO);

beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('Mapa GPS: a co-guardian’s pet', () => {
  it('offers no "Desligar" on a pet shared with the user', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador(), rex]),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'REX' }));
    expect(await screen.findByText(linha('Latitude: -23.600000'))).toBeInTheDocument();
    // Lost mode and share links stay for a guardian.
    expect(screen.getByRole('button', { name: 'Ativar modo perdido' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desligar' })).not.toBeInTheDocument();
    // Whose pet it is, as on the list and the detail.
    expect(screen.getByText('Compartilhado por ANA')).toBeInTheDocument();
    // Whatever the user's own lists hold: the map asks nothing else to know it.
    expect(net.calls('GET /api/usuarios/rastreadores')).toHaveLength(0);
  });

  it('still offers "Desligar" on the user’s own pet', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador(), rex]),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'TOTO' }));
    expect(await screen.findByRole('button', { name: 'Desligar' })).toBeInTheDocument();
    expect(screen.queryByText(/Compartilhado por/)).not.toBeInTheDocument();
  });

  it('on a phone, the shared pet’s card says it is inside its owner’s zone, which the guardian’s own zones do not hold', async () => {
    const largura = window.innerWidth;
    window.innerWidth = 390;
    try {
      stubFetch({
        [SELECT]: () => json(200, rastreadoresSelect),
        [ULTIMAS]: () => json(200, [marcador(), rex]),
        'GET /api/zonas': () => json(200, []),
      });
      renderApp('/user/mapa');
      const folha = await screen.findByRole('region', { name: /^Meus pets/ }, LENTO);
      const cartao = await within(folha).findByRole('article', { name: 'REX' }, LENTO);
      expect(within(cartao).getByText('Na zona CASA')).toBeInTheDocument();
      expect(within(cartao).getByText('Compartilhado por ANA')).toBeInTheDocument();
      expect(within(within(folha).getByRole('article', { name: 'TOTO' })).queryByText(/zona/)).not.toBeInTheDocument();
    } finally {
      window.innerWidth = largura;
    }
  });

  it('shows the API’s refusal if a guardian turns a pet off anyway', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
      // The marker was the user's when it came (the pet was shared since): the server decides.
      'PUT /api/rastreadores/desligar/70': () => json(403, { status: 403, message: MSG.apenasDonoPode }),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'TOTO' }));
    await semToqueDuplo();
    await user.click(await screen.findByRole('button', { name: 'Desligar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.apenasDonoPode)).toBeInTheDocument();
  });
});
