import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Bateria, Localizacao } from '@rastro/shared/schemas/localizacoes';
import type { EventoZona } from '@rastro/shared/schemas/zonas';
import { json, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

const localizacao = (over: Partial<Localizacao> = {}): Localizacao => ({
  id: 1,
  rastreadorId: 11,
  tipo: 'GPS',
  dataHora: '2025-03-02T15:30:00.000Z',
  // As the gateway stores it (a double); shown with 6 decimals.
  latitude: -23.550520123456,
  longitude: -46.633308,
  velocidade: 12.5,
  curso: 90,
  precisao: null,
  macAddress: null,
  nivelSinal: null,
  codigoPais: null,
  rede: null,
  redeDescricao: null,
  codigoArea: null,
  identificadorTorre: null,
  ...over,
});

const eventoZona = (over: Partial<EventoZona> = {}): EventoZona => ({
  id: 1,
  zonaId: 5,
  zona: 'CASA',
  rastreadorId: 11,
  descricao: 'COLEIRA DO REX',
  tipo: 'SAIDA',
  dataHora: '2025-03-02T17:32:00.000Z',
  latitude: -23.5601234,
  longitude: -46.65,
  ...over,
});

const bateria: Bateria = { id: 3, bateria: 77, nivelSinal: 60, carregando: false, dataCadastro: '2025-03-02T16:00:00.000Z' };

/** The value shown under a field's label. */
const valorDe = (rotulo: string) => screen.getByText(rotulo, { selector: 'dt' }).nextElementSibling?.textContent;

const cabecalhos = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

const consulta = (r: StubRequest | undefined) => Object.fromEntries(r?.url.searchParams ?? []);

function stubDetalhe() {
  return stubFetch({
    'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador({ economiaBateria: 'V', bateria: null, intervaloLocalizacao: 1 })),
    'GET /api/localizacoes': (req) => {
      switch (req.url.searchParams.get('tipoLocalizacao')) {
        case 'GPS':
          return json(200, pagina([localizacao()], 23));
        case 'WIFI':
          return json(
            200,
            pagina([
              localizacao({
                id: 2,
                tipo: 'WIFI',
                latitude: null,
                longitude: null,
                velocidade: null,
                macAddress: 'AA:BB:CC:DD:EE:FF',
                nivelSinal: -60,
              }),
            ]),
          );
        default:
          return json(
            200,
            pagina([
              localizacao({
                id: 3,
                tipo: 'LBS',
                latitude: null,
                longitude: null,
                velocidade: null,
                codigoPais: 724,
                rede: 5,
                redeDescricao: 'Claro',
                codigoArea: 1234,
                identificadorTorre: 56789,
                // A cell's signal is stored as the device sent it: the strength's size, without its sign.
                nivelSinal: 75,
              }),
            ]),
          );
      }
    },
    'GET /api/baterias': () => json(200, pagina([bateria])),
    'GET /api/usuarios/rastreadores/4/eventos-zonas': () =>
      json(
        200,
        pagina(
          [eventoZona(), eventoZona({ id: 2, tipo: 'ENTRADA', dataHora: '2025-03-02T17:10:00.000Z', latitude: -23.5, longitude: -46.6 })],
          12,
        ),
      ),
  });
}

describe('tracker detail', () => {
  it('shows the tracker fields', async () => {
    loginAs(clientToken);
    stubDetalhe();
    renderApp('/user/rastreadores/detalhe/4');
    await screen.findByText('359339075123456', undefined, LENTO);
    expect(valorDe('IMEI')).toBe('359339075123456');
    expect(valorDe('Descrição')).toBe('COLEIRA DO REX');
    expect(valorDe('Bateria')).toBe('-');
    expect(valorDe('Situação')).toBe('Ativo');
    expect(valorDe('Situação Energia')).toBe('Ligado');
    expect(valorDe('Intervalo Localização')).toBe('1 minuto');
    expect(valorDe('Economia de Bateria')).toBe('Sim');
    expect(valorDe('Ultra Economia de Bateria')).toBe('Não');
  });

  it('shows the four tables with their columns, asking for the tracker and type, newest first', async () => {
    loginAs(clientToken);
    const net = stubDetalhe();
    const { user } = renderApp('/user/rastreadores/detalhe/4');

    const gps = await screen.findByRole('table', { name: 'GPS' }, LENTO);
    await within(gps).findByRole('cell', { name: '-23.550520' });
    expect(cabecalhos(gps)).toEqual(['Latitude', 'Longitude', 'Velocidade (Km/h)', 'Data/Hora']);
    expect(celulas(gps, 1)).toEqual(['-23.550520', '-46.633308', '12,5', '02/03/2025 12:30']);
    expect(screen.getByText('1 a 10 de 23')).toBeInTheDocument();
    expect(screen.getByText('Mostrar Linhas:')).toBeInTheDocument();
    expect(consulta(net.calls('GET /api/localizacoes')[0])).toEqual({
      rastreadorId: '11',
      tipoLocalizacao: 'GPS',
      page: '0',
      size: '10',
      orderBy: 'dataHora',
      orderDirection: 'desc',
    });

    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(net.calls('GET /api/localizacoes')).toHaveLength(2));
    expect(consulta(net.calls('GET /api/localizacoes')[1])).toMatchObject({ tipoLocalizacao: 'GPS', page: '1' });

    await user.click(screen.getByRole('tab', { name: 'WI-FI' }));
    const wifi = await screen.findByRole('table', { name: 'WI-FI' });
    await within(wifi).findByRole('cell', { name: 'AA:BB:CC:DD:EE:FF' });
    expect(cabecalhos(wifi)).toEqual(['MAC', 'Nível de sinal (dBm)', 'Data/Hora']);
    expect(celulas(wifi, 1)).toEqual(['AA:BB:CC:DD:EE:FF', '-60', '02/03/2025 12:30']);
    expect(consulta(net.calls('GET /api/localizacoes').at(-1))).toEqual({
      rastreadorId: '11',
      tipoLocalizacao: 'WIFI',
      page: '0',
      size: '10',
      orderBy: 'dataHora',
      orderDirection: 'desc',
    });

    await user.click(screen.getByRole('tab', { name: 'LBS' }));
    const lbs = await screen.findByRole('table', { name: 'LBS' });
    await within(lbs).findByRole('cell', { name: 'Claro' });
    // The same sign and unit as WI-FI's.
    expect(cabecalhos(lbs)).toEqual(['País', 'Rede', 'Área', 'Torre', 'Nível de sinal (dBm)', 'Data/Hora']);
    expect(celulas(lbs, 1)).toEqual(['724', 'Claro', '1234', '56789', '-75', '02/03/2025 12:30']);
    expect(consulta(net.calls('GET /api/localizacoes').at(-1))).toMatchObject({ rastreadorId: '11', tipoLocalizacao: 'LBS' });

    await user.click(screen.getByRole('tab', { name: 'Bateria' }));
    const baterias = await screen.findByRole('table', { name: 'Bateria' });
    await within(baterias).findByRole('cell', { name: '77' });
    expect(cabecalhos(baterias)).toEqual(['Bateria (%)', 'Nível de sinal (%)', 'Data de Cadastro']);
    expect(celulas(baterias, 1)).toEqual(['77', '60', '02/03/2025 13:00']);
    expect(consulta(net.calls('GET /api/baterias')[0])).toEqual({
      rastreadorId: '11',
      page: '0',
      size: '10',
      orderBy: 'dataCadastro',
      orderDirection: 'desc',
    });

    // Back on GPS, its page is where it was left.
    await user.click(screen.getByRole('tab', { name: 'GPS' }));
    expect(await screen.findByText('11 a 20 de 23')).toBeInTheDocument();
  });

  it('shows the tracker’s safe-zone crossings in the Zonas tab, paged, newest first', async () => {
    loginAs(clientToken);
    const net = stubDetalhe();
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    await screen.findByRole('table', { name: 'GPS' }, LENTO);
    // Only the open tab asks the server.
    expect(net.calls('GET /api/usuarios/rastreadores/4/eventos-zonas')).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: 'Zonas' }));
    const zonas = await screen.findByRole('table', { name: 'Zonas' });
    await within(zonas).findByRole('cell', { name: 'Saída' });
    expect(cabecalhos(zonas)).toEqual(['Zona', 'Evento', 'Data/Hora', 'Latitude', 'Longitude']);
    expect(celulas(zonas, 1)).toEqual(['CASA', 'Saída', '02/03/2025 14:32', '-23.560123', '-46.650000']);
    expect(celulas(zonas, 2)).toEqual(['CASA', 'Entrada', '02/03/2025 14:10', '-23.500000', '-46.600000']);
    expect(screen.getByText('1 a 10 de 12')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(net.calls('GET /api/usuarios/rastreadores/4/eventos-zonas')).toHaveLength(2));
    expect(consulta(net.calls('GET /api/usuarios/rastreadores/4/eventos-zonas')[1])).toEqual({
      page: '1',
      size: '10',
      orderBy: 'dataHora',
      orderDirection: 'desc',
    });
  });

  it('says when the tracker never crossed a zone', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador()),
      'GET /api/localizacoes': () => json(200, pagina([])),
      'GET /api/usuarios/rastreadores/4/eventos-zonas': () => json(200, pagina([])),
    });
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    await screen.findByRole('table', { name: 'GPS' }, LENTO);
    await user.click(screen.getByRole('tab', { name: 'Zonas' }));
    expect(await screen.findByText(MSG.nenhumEventoZona)).toBeInTheDocument();
    expect(consulta(net.calls('GET /api/usuarios/rastreadores/4/eventos-zonas')[0])).toEqual({
      page: '0',
      size: '10',
      orderBy: 'dataHora',
      orderDirection: 'desc',
    });
  });

  it('shows the load error in the fields and in every table without a valid id', async () => {
    loginAs(clientToken);
    const net = stubFetch();
    const { user } = renderApp('/user/rastreadores/detalhe/abc');
    const gps = await screen.findByRole('table', { name: 'GPS' }, LENTO);
    expect(within(gps).getByRole('alert')).toHaveTextContent(MSG.erroCarregarRegistro);
    expect(screen.getAllByText(MSG.erroCarregarRegistro)).toHaveLength(2);
    for (const aba of ['WI-FI', 'LBS', 'Bateria', 'Zonas']) {
      await user.click(screen.getByRole('tab', { name: aba }));
      const table = await screen.findByRole('table', { name: aba });
      expect(within(table).getByRole('alert')).toHaveTextContent(MSG.erroCarregarRegistro);
    }
    expect(net.requests.map((r) => r.url.pathname).filter((p) => /rastreadores\/|localizacoes|baterias|eventos/.test(p))).toEqual([]);
  });

  it('shows the load error when the tracker is not the user’s', async () => {
    loginAs(clientToken);
    const net = stubFetch();
    renderApp('/user/rastreadores/detalhe/99');
    const gps = await screen.findByRole('table', { name: 'GPS' }, LENTO);
    expect(await within(gps).findByRole('alert')).toHaveTextContent(MSG.erroCarregarRegistro);
    expect(net.calls('GET /api/localizacoes')).toHaveLength(0);
  });

  it('Voltar opened directly goes to the tracker list', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, pagina([])) });
    const { user, location } = renderApp('/user/rastreadores/detalhe/abc');
    await user.click(await screen.findByRole('button', { name: 'Voltar' }, LENTO));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores'));
  });
});
