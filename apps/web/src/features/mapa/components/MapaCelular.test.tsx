import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, confirmarDesligar, localizacaoSolicitada } from '@rastro/shared/messages';
import type { Zona } from '@rastro/shared/schemas/zonas';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { dayjs } from '@/lib/dayjs';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

/** The owner's map on a 390 px phone (issue #18): map first, the pets as a sheet of cards, the search in a sheet. */

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const SELECT = 'GET /api/usuarios/rastreadores/select';
const SINCRONIZAR = 'PUT /api/usuarios/rastreadores/sincronizar';

const casa: Zona = {
  id: 5,
  nome: 'CASA',
  tipo: 'CIRCULO',
  latitude: -23.5,
  longitude: -46.6,
  raioMetros: 150,
  pontos: [],
  rastreadorIds: [70, 80],
  alertarSaida: true,
  alertarEntrada: false,
  dataCadastro: '2025-03-01T12:00:00.000Z',
  dataAtualizacao: '2025-03-01T12:00:00.000Z',
};

const haMinutos = (min: number) => new Date(Date.now() - min * 60_000 - 5_000).toISOString();
const toto = () => marcador({ dataHora: haMinutos(3), bateria: 76, dentroDeZonas: ['CASA'] });
const rex = () =>
  marcador({
    id: 8,
    usuarioRastreadorId: 8,
    rastreadorId: 80,
    name: 'REX',
    position: { lat: -23.61, lng: -46.71 },
    dataHora: haMinutos(125),
    bateria: null,
    foraDeZonas: ['CASA'],
  });

const larguraOriginal = window.innerWidth;
beforeEach(() => {
  window.innerWidth = 390;
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => {
  window.innerWidth = larguraOriginal;
  vi.restoreAllMocks();
});

/** The pets' sheet, once its cards arrived. */
async function pets() {
  const folha = await screen.findByRole('region', { name: /^Meus pets/ }, LENTO);
  await within(folha).findAllByRole('article', {}, LENTO);
  return folha;
}
const cartao = (nome: string) => screen.getByRole('article', { name: nome });
const marcadorNoMapa = (nome: string) => within(screen.getByRole('region', { name: 'Mapa' })).getByRole('button', { name: nome });

describe('Mapa GPS on a phone', () => {
  it('puts the map first, with a bottom bar and each pet as a card: battery, how long ago, inside or outside its zones', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), rex()]),
      'GET /api/zonas': () => json(200, [casa]),
    });
    renderApp('/user/mapa');
    const folha = await pets();
    expect(within(folha).getByRole('heading', { name: 'Meus pets (2)' })).toBeInTheDocument();
    // The search is behind a button, not above the map.
    expect(screen.queryByRole('form', { name: 'Pesquisa' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeInTheDocument();
    // The drawer's hamburger gives way to the bottom bar.
    expect(screen.queryByRole('button', { name: 'Abrir menu' })).not.toBeInTheDocument();
    const barra = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(within(barra).getByRole('link', { name: 'Mapa' })).toHaveAttribute('aria-current', 'page');
    for (const nome of ['Pets', 'Zonas', 'Alertas']) expect(within(barra).getByRole('link', { name: nome })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();

    await waitFor(() => expect(within(cartao('TOTO')).getByText('Na zona CASA')).toBeInTheDocument());
    const t = within(cartao('TOTO'));
    expect(t.getByText('Bateria 76%')).toBeInTheDocument();
    expect(t.getByText('há 3 min')).toBeInTheDocument();
    const r = within(cartao('REX'));
    expect(r.getByText('Bateria -')).toBeInTheDocument();
    expect(r.getByText('há 2 h')).toBeInTheDocument();
    expect(r.getByText('Fora da zona CASA')).toBeInTheDocument();
    expect(r.queryByText('Na zona CASA')).not.toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Localizar agora REX' })).toBeInTheDocument();
    expect(r.getByRole('button', { name: 'Rota de hoje de REX' })).toBeInTheDocument();
  });

  it('a tap on a card shows that pet’s card alone, with all its info window held, and the map on the pet; "Ver todos os pets" comes back', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), rex()]),
      'GET /api/zonas': () => json(200, []),
    });
    const { user } = renderApp('/user/mapa');
    const folha = await pets();
    await user.click(within(cartao('REX')).getByRole('button', { name: /^REX/ }));
    const r = within(cartao('REX'));
    expect(r.getByText(linha('Latitude: -23.610000'))).toBeInTheDocument();
    expect(r.getByText(linha('Longitude: -46.710000'))).toBeInTheDocument();
    expect(r.getByText(linha('Situação Energia: Ligado'))).toBeInTheDocument();
    for (const nome of ['Localizar agora REX', 'Rota de hoje de REX', 'Ativar modo perdido', 'Compartilhar', 'Desligar'])
      expect(r.getByRole('button', { name: nome })).toBeInTheDocument();
    expect(within(folha).getAllByRole('article')).toHaveLength(1);
    // The sheet stays open, and no info window floats over the map.
    expect(screen.getByRole('button', { name: 'Esconder os pets' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('.leaflet-popup')).toBeNull();
    expect(cartao('REX')).toHaveFocus();
    expect(marcadorNoMapa('REX, fora da zona CASA')).toHaveClass('rastro-pet--selecionado');

    await user.click(within(folha).getByRole('button', { name: 'Ver todos os pets' }));
    expect(
      within(folha)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['TOTO', 'REX']);
    // The keyboard is back on REX in the list.
    expect(within(cartao('REX')).getByRole('button', { name: /^REX/ })).toHaveFocus();
    expect(marcadorNoMapa('REX, fora da zona CASA')).not.toHaveClass('rastro-pet--selecionado');
  });

  it('a tap on a marker, or Enter on it, opens the sheet on that pet’s card instead of an info window; "Desligar" is there', async () => {
    let desligar = true;
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () =>
        json(200, [toto(), { ...rex(), desligar, situacaoEnergiaDescricao: desligar ? 'Ligado' : 'Aguardando Desligamento' }]),
      'GET /api/zonas': () => json(200, []),
      'PUT /api/rastreadores/desligar/80': () => {
        desligar = false;
        return json(200, { message: 'ok' });
      },
    });
    const { user } = renderApp('/user/mapa');
    const folha = await pets();
    await user.click(screen.getByRole('button', { name: 'Esconder os pets' }));
    expect(within(folha).queryByRole('article')).not.toBeInTheDocument();

    await semToqueDuplo();
    await user.click(marcadorNoMapa('REX, fora da zona CASA'));
    expect(await within(folha).findByRole('article', { name: 'REX' }, LENTO)).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Esconder os pets' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(folha).queryByRole('article', { name: 'TOTO' })).not.toBeInTheDocument();
    expect(document.querySelector('.leaflet-popup')).toBeNull();

    // The keyboard: Enter on a focused marker picks its pet too.
    marcadorNoMapa('TOTO').focus();
    await user.keyboard('{Enter}');
    expect(await within(folha).findByRole('article', { name: 'TOTO' }, LENTO)).toHaveFocus();
    expect(within(folha).queryByRole('article', { name: 'REX' })).not.toBeInTheDocument();

    await semToqueDuplo();
    await user.click(marcadorNoMapa('REX, fora da zona CASA'));
    await user.click(await within(cartao('REX')).findByRole('button', { name: 'Desligar' }, LENTO));
    await user.click(within(await screen.findByRole('dialog', { name: confirmarDesligar('REX') })).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(MSG.desligandoRastreador)).toBeInTheDocument();
    expect(net.calls('PUT /api/rastreadores/desligar/80')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Re-read: the card follows and no longer offers to turn it off.
    expect(await within(cartao('REX')).findByText(linha('Situação Energia: Aguardando Desligamento'))).toBeInTheDocument();
    expect(within(cartao('REX')).queryByRole('button', { name: 'Desligar' })).not.toBeInTheDocument();
  });

  it('opened from a notification (?rastreador=<id>), shows that pet’s card', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), rex()]),
      'GET /api/zonas': () => json(200, []),
    });
    renderApp('/user/mapa?rastreador=80');
    const folha = await pets();
    expect(within(folha).getByRole('article', { name: 'REX' })).toBeInTheDocument();
    expect(within(folha).getByRole('button', { name: 'Ver todos os pets' })).toBeInTheDocument();
    expect(within(cartao('REX')).getByText(linha('Latitude: -23.610000'))).toBeInTheDocument();
    expect(document.querySelector('.leaflet-popup')).toBeNull();
  });

  it('the lost-pet banner starts right of the zoom buttons, so it covers none of them', async () => {
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), { ...rex(), modoPerdido: { ativo: true, desde: haMinutos(10), ate: haMinutos(-60) } }]),
      'GET /api/zonas': () => json(200, []),
    });
    renderApp('/user/mapa');
    await pets();
    const banner = await screen.findByText(/^REX está em modo perdido desde/);
    // The test DOM lays nothing out: the banners' box is read from its style (Leaflet's zoom bar: 10 px in, 34 px wide).
    const caixa = getComputedStyle(banner.closest('.MuiStack-root') ?? banner);
    expect(caixa.position).toBe('absolute');
    expect(parseFloat(caixa.left)).toBeGreaterThanOrEqual(44 + 8);
  });

  it('"Localizar agora" asks that pet’s collar for a position', async () => {
    let falhar = false;
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), rex()]),
      'GET /api/zonas': () => json(200, []),
      [SINCRONIZAR]: () => (falhar ? json(500, { status: 500, message: 'x' }) : json(200, { message: 'ok' })),
    });
    const { user } = renderApp('/user/mapa');
    await pets();
    await user.click(screen.getByRole('button', { name: 'Localizar agora REX' }));
    expect(await screen.findByText(localizacaoSolicitada('REX'))).toBeInTheDocument();
    expect(JSON.parse(net.calls(SINCRONIZAR)[0]?.body ?? 'null')).toEqual({ usuarioRastreadorId: 8 });
    falhar = true;
    await user.click(screen.getByRole('button', { name: 'Localizar agora TOTO' }));
    expect(await screen.findByText(MSG.erroSincronizar)).toBeInTheDocument();
  });

  it('"Rota de hoje" shows the pet’s route since midnight in São Paulo, and "Ver todos os pets" comes back', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) =>
        json(200, req.url.searchParams.get('tipoVisualizacao') === 'ATUAL' ? [toto(), rex()] : [rex(), { ...rex(), id: 9 }]),
      'GET /api/zonas': () => json(200, []),
    });
    const { user } = renderApp('/user/mapa');
    await pets();
    await user.click(screen.getByRole('button', { name: 'Rota de hoje de REX' }));
    const rota = await screen.findByRole('region', { name: 'Rota' });
    expect(within(rota).getByRole('heading', { name: 'Rota de REX' })).toBeInTheDocument();
    await waitFor(() => expect(net.calls(ULTIMAS)).toHaveLength(2));
    const q = Object.fromEntries(net.calls(ULTIMAS)[1]?.url.searchParams ?? []);
    const hoje = dayjs().tz('America/Sao_Paulo').format('YYYY-MM-DD');
    expect(q).toMatchObject({ tipoVisualizacao: 'HISTORICO', usuarioRastreadorId: '8', dataInicial: `${hoje}T00:00:00-03:00` });
    expect(q.dataFinal).toMatch(new RegExp(`^${hoje}T\\d\\d:\\d\\d:59-03:00$`));
    expect(within(rota).getByRole('button', { name: 'Exportar' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Meus pets/ })).not.toBeInTheDocument();

    await user.click(within(rota).getByRole('button', { name: 'Ver todos os pets' }));
    expect(within(await pets()).getByRole('article', { name: 'TOTO' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Rota' })).not.toBeInTheDocument();
  });

  it('the search opens in a sheet on what the map shows, and "Buscar" closes it', async () => {
    const net = stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto(), rex()]),
      'GET /api/zonas': () => json(200, []),
    });
    const { user } = renderApp('/user/mapa');
    await pets();
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const form = await screen.findByRole('form', { name: 'Pesquisa' });
    await user.click(within(form).getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Pesquisa' })).not.toBeInTheDocument());
    await waitFor(() => expect(net.calls(ULTIMAS)).toHaveLength(2));
    expect(Object.fromEntries(net.calls(ULTIMAS)[1]?.url.searchParams ?? [])).toEqual({
      tipoVisualizacao: 'ATUAL',
      usuarioRastreadorId: '7',
    });

    // Opened again, it shows the search the map holds.
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(within(await screen.findByRole('form', { name: 'Pesquisa' })).getByRole('combobox', { name: /^Rastreador/ })).toHaveTextContent(
      'TOTO',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Pesquisa' })).not.toBeInTheDocument());
  });

  it('a desktop keeps the search card above the map, without the sheet or bottom bar', async () => {
    window.innerWidth = 1280;
    stubFetch({
      [SELECT]: () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, [toto()]),
      'GET /api/zonas': () => json(200, []),
    });
    renderApp('/user/mapa');
    expect(await screen.findByRole('form', { name: 'Pesquisa' }, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Meus pets/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação principal' })).not.toBeInTheDocument();
  });
});
