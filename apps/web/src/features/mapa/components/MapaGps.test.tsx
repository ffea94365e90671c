import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, confirmarDesligar, erroCarregar } from '@rastro/shared/messages';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';

const mapa = () => screen.findByRole('region', { name: 'Mapa' }, LENTO);

beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('Mapa GPS: current location', () => {
  it('on entering, asks for every tracker’s latest position and shows a marker per tracker', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () =>
        json(200, [
          marcador(),
          marcador({ id: 8, usuarioRastreadorId: 8, rastreadorId: 80, name: 'REX', position: { lat: -23.6, lng: -46.7 } }),
        ]),
    });
    renderApp('/user/mapa');
    const regiao = await mapa();
    expect(await within(regiao).findByRole('button', { name: 'TOTO' })).toBeInTheDocument();
    expect(within(regiao).getByRole('button', { name: 'REX' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Pesquisa' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Tipo de Visualização/ })).toHaveTextContent('Localização atual');
    expect(screen.getByRole('combobox', { name: /^Rastreador/ })).toHaveTextContent('Todos');
    expect(screen.queryByRole('textbox', { name: /Data Inicial/ })).not.toBeInTheDocument();

    const [req] = net.calls(ULTIMAS);
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toEqual({ tipoVisualizacao: 'ATUAL' });
    expect(req?.headers.get('Authorization')).toBe('Bearer token-cliente');
  });

  it('opened from a push notification (?rastreador=<id>), centres on that pet with its info window open', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () =>
        json(200, [
          marcador(),
          marcador({ id: 8, usuarioRastreadorId: 8, rastreadorId: 80, name: 'REX', position: { lat: -23.6, lng: -46.7 } }),
        ]),
    });
    renderApp('/user/mapa?rastreador=80');
    await within(await mapa()).findByRole('button', { name: 'REX' });
    expect(await screen.findByText(linha('Latitude: -23.600000'))).toBeInTheDocument();
    expect(screen.getByText(linha('Longitude: -46.700000'))).toBeInTheDocument();
    expect(screen.queryByText(linha('Latitude: -23.500000'))).not.toBeInTheDocument();
  });

  it('says when no tracker was found, and shows a spinner while it asks', async () => {
    let responder: (r: Response) => void = () => undefined;
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => new Promise<Response>((r) => (responder = r)),
    });
    renderApp('/user/mapa');
    await mapa();
    expect(await screen.findByText('Carregando localizações...')).toBeInTheDocument();
    responder(json(200, []));
    expect(await screen.findByText(MSG.nenhumRastreadorEncontrado)).toBeInTheDocument();
    expect(screen.queryByText('Carregando localizações...')).not.toBeInTheDocument();
  });

  it('reports a tracker list or location load failure', async () => {
    stubFetch({
      [SELECT]: () => json(503, { status: 503, message: 'x' }),
      [ULTIMAS]: () => json(503, { status: 503, message: 'x' }),
    });
    renderApp('/user/mapa');
    expect(await screen.findByText(erroCarregar('Rastreadores'), undefined, LENTO)).toBeInTheDocument();
    expect(await screen.findByText(MSG.erroCarregarRegistro)).toBeInTheDocument();
  });

  it('the info window shows the tracker and turns it off after the confirmation', async () => {
    let desligar = true;
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador({ desligar, situacaoEnergiaDescricao: desligar ? 'Ligado' : 'Aguardando Desligamento' })]),
      'PUT /api/rastreadores/desligar/70': () => {
        desligar = false;
        return json(200, { message: 'ok' });
      },
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'TOTO' }));

    expect(await screen.findByText(linha('Latitude: -23.500000'))).toBeInTheDocument();
    expect(screen.getByText(linha('Longitude: -46.600000'))).toBeInTheDocument();
    expect(screen.getByText(linha('Bateria: 80%'))).toBeInTheDocument();
    // Every label in bold, the battery's too.
    for (const rotulo of ['Latitude:', 'Longitude:', 'Bateria:', 'Situação Energia:', 'Data:']) {
      expect(screen.getByText(rotulo, { selector: 'strong' })).toBeInTheDocument();
    }
    expect(screen.getByText(linha('Situação Energia: Ligado'))).toBeInTheDocument();
    expect(screen.getByText(linha('Data: 10/03/2025 10:00'))).toBeInTheDocument();
    const externo = screen.getByRole('link', { name: 'Abrir no mapa externo' });
    expect(externo).toHaveAttribute('href', 'https://www.google.com/maps/@-23.5,-46.6,20.96z');
    expect(externo).toHaveAttribute('target', '_blank');

    await semToqueDuplo();
    await user.click(screen.getByRole('button', { name: 'Desligar' }));
    const dialog = await screen.findByRole('dialog', { name: confirmarDesligar('TOTO') });
    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls('PUT /api/rastreadores/desligar/70')).toHaveLength(0);

    await semToqueDuplo();
    await user.click(screen.getByRole('button', { name: 'Desligar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.desligandoRastreador)).toBeInTheDocument();
    expect(net.calls('PUT /api/rastreadores/desligar/70')).toHaveLength(1);
    // Re-read: the info window follows and no longer offers to turn it off.
    expect(await screen.findByText(linha('Situação Energia: Aguardando Desligamento'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desligar' })).not.toBeInTheDocument();
    expect(net.calls(ULTIMAS)).toHaveLength(2);
  });

  it('says when turning off failed', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
      'PUT /api/rastreadores/desligar/70': () => json(409, { status: 409, message: MSG.rastreadorJaDesligado }),
    });
    const { user } = renderApp('/user/mapa');
    await user.click(await within(await mapa()).findByRole('button', { name: 'TOTO' }));
    await semToqueDuplo();
    await user.click(await screen.findByRole('button', { name: 'Desligar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.erroDesligarRastreador)).toBeInTheDocument();
  });

  it('requests a synchronisation of all trackers, or of the chosen one', async () => {
    let falhar = false;
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
      'PUT /api/usuarios/rastreadores/sincronizar': () =>
        falhar ? json(500, { status: 500, message: 'x' }) : json(200, { message: 'ok' }),
    });
    const { user } = renderApp('/user/mapa');
    await mapa();
    await user.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText(MSG.sincronizacaoSolicitada)).toBeInTheDocument();
    expect(JSON.parse(net.calls('PUT /api/usuarios/rastreadores/sincronizar')[0]?.body ?? 'null')).toEqual({});

    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'REX' }));
    falhar = true;
    await user.click(screen.getByRole('button', { name: 'Sincronizar' }));
    expect(await screen.findByText(MSG.erroSincronizar)).toBeInTheDocument();
    expect(JSON.parse(net.calls('PUT /api/usuarios/rastreadores/sincronizar')[1]?.body ?? 'null')).toEqual({ usuarioRastreadorId: 8 });
  });

  it('searches one tracker’s current location', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
    });
    const { user } = renderApp('/user/mapa');
    await within(await mapa()).findByRole('button', { name: 'TOTO' });
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(net.calls(ULTIMAS)).toHaveLength(2));
    expect(Object.fromEntries(net.calls(ULTIMAS)[1]?.url.searchParams ?? [])).toEqual({
      tipoVisualizacao: 'ATUAL',
      usuarioRastreadorId: '7',
    });
  });

  it('moves the marker when the live channel pushes a position, without reloading', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [marcador()]),
    });
    const { user } = renderApp('/user/mapa');
    const regiao = await mapa();
    await user.click(await within(regiao).findByRole('button', { name: 'TOTO' }));
    expect(await screen.findByText(linha('Latitude: -23.500000'))).toBeInTheDocument();
    const desenho = within(regiao).getByRole('button', { name: 'TOTO' }).firstElementChild;

    const ws = FakeWebSocket.ultima();
    ws.abrir();
    expect(JSON.parse(ws.enviadas[0] ?? 'null')).toEqual({ token: 'token-cliente' });
    ws.receber({
      posicoes: [marcador({ position: { lat: -23.61, lng: -46.62 }, bateria: 55, tipo: 'WIFI', precisao: 150, velocidade: null })],
      rastreadores: [],
      notificacoes: [],
    });

    expect(await screen.findByText(linha('Latitude: -23.610000'))).toBeInTheDocument();
    expect(screen.getByText(linha('Bateria: 55%'))).toBeInTheDocument();
    expect(screen.getByText(linha('Precisão: WIFI, cerca de 150 m'))).toBeInTheDocument();
    expect(within(regiao).getAllByRole('button', { name: 'TOTO' })).toHaveLength(1);
    expect(net.calls(ULTIMAS)).toHaveLength(1);
    // Moved, not redrawn: the marker's face is the same element.
    expect(within(regiao).getByRole('button', { name: 'TOTO' }).firstElementChild).toBe(desenho);

    // Lost mode on: the same marker takes the lost look and says so.
    ws.receber({
      posicoes: [
        marcador({
          position: { lat: -23.61, lng: -46.62 },
          modoPerdido: { ativo: true, desde: '2025-03-10T13:00:00.000Z', ate: '2025-03-10T19:00:00.000Z' },
        }),
      ],
      rastreadores: [],
      notificacoes: [],
    });
    expect(await within(regiao).findByRole('button', { name: 'TOTO, em modo perdido' })).toHaveClass('rastro-pet--perdido');

    await user.click(within(regiao).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByText(linha('Latitude: -23.610000'))).not.toBeInTheDocument());
    expect(within(regiao).getByRole('button', { name: 'Aproximar' })).toBeInTheDocument();
  });
});
