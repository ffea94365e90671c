import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { json, stubFetch } from '@/testing/fetch-stub';
import { meuRastreador, pagina } from '@/testing/fixtures';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';
const LISTA = 'GET /api/usuarios/rastreadores';

/** The user's trackers as the list answers them: TOTO is theirs, REX is shared with them by ANA. */
const rastreador = (id: number, rastreadorId: number, descricao: string, compartilhadoPor: string | null): MeuRastreador =>
  meuRastreador({ id, rastreadorId, imei: `35933907512345${id}`, descricao, ultimaComunicacao: null, compartilhadoPor });
const lista = [rastreador(7, 70, 'TOTO', null), rastreador(8, 80, 'REX', 'ANA')];
const rex = marcador({ id: 8, usuarioRastreadorId: 8, rastreadorId: 80, name: 'REX', position: { lat: -23.6, lng: -46.7 } });

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
      [LISTA]: () => json(200, pagina(lista, lista.length, 100)),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'REX' }));
    expect(await screen.findByText(linha('Latitude: -23.600000'))).toBeInTheDocument();
    // Lost mode and share links stay for a guardian.
    expect(screen.getByRole('button', { name: 'Ativar modo perdido' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desligar' })).not.toBeInTheDocument();
    // Whose pet it is, as on the list and the detail.
    expect(screen.getByText('Compartilhado por ANA')).toBeInTheDocument();
    expect(Object.fromEntries(net.calls(LISTA)[0]?.url.searchParams ?? [])).toMatchObject({ page: '0', size: '100' });
  });

  it('still offers "Desligar" on the user’s own pet', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador(), rex]),
      [LISTA]: () => json(200, pagina(lista, lista.length, 100)),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'TOTO' }));
    expect(await screen.findByRole('button', { name: 'Desligar' })).toBeInTheDocument();
    expect(screen.queryByText(/Compartilhado por/)).not.toBeInTheDocument();
  });

  it('shows the API’s refusal if a guardian turns a pet off anyway', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
      // The list did not answer: the map cannot tell, and leaves the server to refuse.
      [LISTA]: () => new Response('', { status: 503 }),
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
