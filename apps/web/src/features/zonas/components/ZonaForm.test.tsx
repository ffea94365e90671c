import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { LENTO, prepararMapa, semToqueDuplo } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { meusRastreadores, poligono, localizacaoThor, zona } from '../zonas-fixtures';

const LOCALIZACOES_ATUAIS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
/** The zone being edited, as drawn on the map (ESTILO_EDICAO: 3 px wide, filled). */
const EM_EDICAO = '.leaflet-overlay-pane path[stroke-width="3"][fill="#2e7d32"]';

function stubEditor(extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/usuarios/rastreadores': () => json(200, meusRastreadores),
    [LOCALIZACOES_ATUAIS]: () => json(200, [localizacaoThor]),
    'GET /api/zonas': () => json(200, []),
    ...extra,
  });
}

const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });
const salvar = () => screen.getByRole('button', { name: 'Salvar' });
const corpo = (r: { body: string | null } | undefined): unknown => JSON.parse(r?.body ?? 'null');

beforeEach(() => {
  prepararMapa();
  loginAs(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('safe zone form', () => {
  it('validates with the shared schema, showing each message on its field', async () => {
    const net = stubEditor();
    const { user } = renderApp('/user/zonas/cadastrar');
    expect(await screen.findByRole('heading', { name: 'Cadastrar' }, LENTO)).toBeInTheDocument();
    // A new zone applies to every pet and alerts on leaving.
    expect(screen.getByRole('checkbox', { name: 'THOR' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'REX' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alertar quando sair' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alertar quando entrar' })).not.toBeChecked();

    await user.click(salvar());
    expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();
    expect(campo(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(campo(/^Nome/)).toHaveFocus();

    // The shape's rules apply once the fields themselves are valid.
    await user.type(campo(/^Nome/), 'casa');
    await user.type(campo(/^Raio/), '5');
    await user.click(screen.getByRole('switch', { name: 'Alertar quando sair' }));
    await user.click(salvar());
    expect(await screen.findByText(MSG.raioZonaInvalido)).toBeInTheDocument();
    expect(screen.getByText(MSG.alertaZonaObrigatorio)).toBeInTheDocument();
    expect(screen.getAllByText(MSG.campoObrigatorio)).toHaveLength(2);
    expect(campo(/^Latitude do centro/)).toHaveAttribute('aria-invalid', 'true');
    expect(campo(/^Longitude do centro/)).toHaveAttribute('aria-invalid', 'true');

    await user.type(campo(/^Latitude do centro/), 'abc');
    await user.click(salvar());
    expect(await screen.findByText(MSG.campoInvalido)).toBeInTheDocument();

    // A polygon needs its points.
    await user.click(screen.getByRole('radio', { name: 'Polígono' }));
    await user.click(salvar());
    expect(await screen.findByText(MSG.pontosZonaInvalidos)).toBeInTheDocument();
    expect(net.calls('POST /api/zonas')).toHaveLength(0);
  });

  it('refuses a name with a bidi override, with the shared message on its field', async () => {
    const net = stubEditor();
    const { user } = renderApp('/user/zonas/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }, LENTO), 'casa\u202Egpj.exe');
    await user.click(salvar());
    expect(await screen.findByText(MSG.caracteresInvisiveis)).toBeInTheDocument();
    expect(campo(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(net.calls('POST /api/zonas')).toHaveLength(0);
  });

  it('creates a circle from the keyboard: centred on a pet, with a radius in metres', async () => {
    const net = stubEditor({ 'POST /api/zonas': (req) => json(201, zona({ ...(corpo(req) as object), id: 9 })) });
    const { user, location } = renderApp('/user/zonas/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }, LENTO), 'casa');
    await user.click(screen.getByRole('checkbox', { name: 'REX' }));

    await user.click(screen.getByRole('combobox', { name: 'Centro do círculo' }));
    await user.click(await screen.findByRole('option', { name: 'Posição atual de THOR' }));
    await user.click(screen.getByRole('button', { name: 'Posicionar círculo' }));
    expect(screen.getByText('Círculo posicionado em THOR, com raio de 100 m.')).toBeInTheDocument();
    expect(campo(/^Latitude do centro/)).toHaveValue('-23.5614');
    expect(campo(/^Longitude do centro/)).toHaveValue('-46.6559');
    expect(campo(/^Raio/)).toHaveValue('100');
    // The circle is on the map, where the pet is.
    const mapa = screen.getByRole('region', { name: 'Mapa' });
    await waitFor(() => expect(mapa.querySelectorAll(EM_EDICAO)).toHaveLength(1));

    await user.clear(campo(/^Raio/));
    await user.type(campo(/^Raio/), '250');
    await user.click(screen.getByRole('switch', { name: 'Alertar quando entrar' }));
    await user.click(salvar());
    expect(await screen.findByText(MSG.zonaSalva)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/zonas'));
    expect(corpo(net.calls('POST /api/zonas')[0])).toEqual({
      nome: 'CASA',
      tipo: 'CIRCULO',
      latitude: -23.5614,
      longitude: -46.6559,
      raioMetros: 250,
      rastreadorIds: [70],
      alertarSaida: true,
      alertarEntrada: true,
    });
  });

  it('places the centre at the map’s centre, and takes coordinates typed with a comma', async () => {
    stubEditor({ [LOCALIZACOES_ATUAIS]: () => json(200, []) });
    const { user } = renderApp('/user/zonas/cadastrar');
    await user.click(await screen.findByRole('button', { name: 'Posicionar círculo' }, LENTO));
    expect(await screen.findByText('Círculo posicionado no centro do mapa, com raio de 100 m.')).toBeInTheDocument();
    expect(campo(/^Latitude do centro/)).toHaveValue('-23.5505');
    await user.clear(campo(/^Latitude do centro/));
    await user.type(campo(/^Latitude do centro/), '-22,9');
    await user.tab();
    expect(campo(/^Latitude do centro/)).toHaveValue('-22,9');
    expect(campo(/^Latitude do centro/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s field messages on their fields', async () => {
    stubEditor({
      'POST /api/zonas': () =>
        json(400, { status: 400, message: 'Erro', errors: [{ campo: 'nome', message: 'Já existe uma zona com este nome.' }] }),
    });
    const { user, location } = renderApp('/user/zonas/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }, LENTO), 'casa');
    await user.type(campo(/^Latitude do centro/), '-23.5');
    await user.type(campo(/^Longitude do centro/), '-46.6');
    await user.type(campo(/^Raio/), '80');
    await user.click(salvar());
    expect(await screen.findByText('Já existe uma zona com este nome.')).toBeInTheDocument();
    expect(campo(/^Nome/)).toHaveAttribute('aria-invalid', 'true');
    expect(campo(/^Nome/)).toHaveFocus();
    expect(location()).toBe('/user/zonas/cadastrar');
  });

  it('edits a polygon with its current values and links to its events', async () => {
    const net = stubEditor({
      'GET /api/zonas/6': () => json(200, poligono()),
      'GET /api/zonas': () => json(200, [zona(), poligono()]),
      'PUT /api/zonas/6': (req) => json(200, { ...poligono(), ...(corpo(req) as object) }),
    });
    const { user, location } = renderApp('/user/zonas/editar/6');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(campo(/^Nome/)).toHaveValue('PARQUE');
    expect(screen.getByRole('radio', { name: 'Polígono' })).toBeChecked();
    expect(screen.getByText(/^5 pontos no polígono\./)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Alertar quando entrar' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Ver eventos da zona' })).toHaveAttribute('href', '/user/zonas/eventos/6');
    // The polygon is on the map, being edited: its five points are handles.
    const mapa = screen.getByRole('region', { name: 'Mapa' });
    await waitFor(() => expect(mapa.querySelectorAll(EM_EDICAO)).toHaveLength(1));
    expect(mapa.querySelectorAll('.marker-icon:not(.marker-icon-middle)')).toHaveLength(5);

    await user.clear(campo(/^Nome/));
    await user.type(campo(/^Nome/), 'parque novo');
    await user.click(salvar());
    expect(await screen.findByText(MSG.zonaSalva)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/zonas'));
    expect(corpo(net.calls('PUT /api/zonas/6')[0])).toEqual({
      nome: 'PARQUE NOVO',
      tipo: 'POLIGONO',
      pontos: poligono().pontos,
      rastreadorIds: [70, 80],
      alertarSaida: true,
      alertarEntrada: true,
    });
  });

  it('says when the zone cannot be loaded', async () => {
    stubEditor();
    renderApp('/user/zonas/editar/99');
    expect(await screen.findByText(MSG.erroCarregarRegistro, undefined, LENTO)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/user/zonas');
  });

  it('draws a circle by mouse: centre, then border; Cancelar and Escape leave nothing drawn', async () => {
    stubEditor({ [LOCALIZACOES_ATUAIS]: () => json(200, []) });
    const { user } = renderApp('/user/zonas/cadastrar');
    const mapa = await screen.findByRole('region', { name: 'Mapa' }, LENTO);
    const clicarNoMapa = async (x: number, y: number) => {
      await user.pointer({ keys: '[MouseLeft]', target: mapa, coords: { clientX: x, clientY: y } });
      await semToqueDuplo();
    };

    await user.click(screen.getByRole('button', { name: 'Desenhar círculo' }));
    expect(screen.getByText('Clique ou toque no mapa para marcar o centro do círculo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar desenho' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancelar desenho' }));
    expect(screen.getByRole('button', { name: 'Desenhar círculo' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Desenhar círculo' }));
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('button', { name: 'Desenhar círculo' })).toHaveFocus();
    expect(mapa.querySelectorAll(EM_EDICAO)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Desenhar círculo' }));
    await clicarNoMapa(400, 240);
    expect(await screen.findByText('Agora clique ou toque no mapa onde fica a borda do círculo.')).toBeInTheDocument();
    await clicarNoMapa(500, 240);
    expect(await screen.findByText(/^Círculo com raio de \d/)).toBeInTheDocument();
    // The map's centre (São Paulo, zoom 10): 100 px there are about 14 km.
    expect(Number(campo(/^Latitude do centro/).getAttribute('value'))).toBeCloseTo(-23.5505, 3);
    expect(Number(campo(/^Longitude do centro/).getAttribute('value'))).toBeCloseTo(-46.6333, 3);
    const raio = Number(campo(/^Raio/).getAttribute('value'));
    expect(raio).toBeGreaterThan(12_000);
    expect(raio).toBeLessThan(16_000);
    await waitFor(() => expect(mapa.querySelectorAll(EM_EDICAO)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Desenhar círculo' })).toHaveFocus();
  });

  it('draws a polygon point by point, with undo, and refuses crossing sides', async () => {
    stubEditor({ [LOCALIZACOES_ATUAIS]: () => json(200, []) });
    const { user } = renderApp('/user/zonas/cadastrar');
    const mapa = await screen.findByRole('region', { name: 'Mapa' }, LENTO);
    const clicarNoMapa = async (x: number, y: number) => {
      await user.pointer({ keys: '[MouseLeft]', target: mapa, coords: { clientX: x, clientY: y } });
      await semToqueDuplo();
    };
    await user.click(screen.getByRole('radio', { name: 'Polígono' }));
    await user.click(screen.getByRole('button', { name: 'Desenhar polígono' }));
    expect(screen.getByRole('button', { name: 'Concluir polígono' })).toBeDisabled();
    await clicarNoMapa(300, 100);
    await clicarNoMapa(500, 300);
    await clicarNoMapa(500, 100);
    expect(await screen.findByText(/\(3 pontos marcados\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Concluir polígono' })).toBeEnabled();
    // A side to here would cross the first one: geoman does not take the point.
    await clicarNoMapa(300, 300);
    expect(screen.getByText(/\(3 pontos marcados\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Desfazer ponto' }));
    expect(await screen.findByText(/\(2 pontos marcados\)/)).toBeInTheDocument();
    await clicarNoMapa(300, 300);
    await clicarNoMapa(100, 200);
    expect(await screen.findByText(/\(4 pontos marcados\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Concluir polígono' }));
    expect(await screen.findByText('Polígono com 4 pontos. Arraste os pontos no mapa para ajustar.')).toBeInTheDocument();
    expect(screen.getByText(/^4 pontos no polígono\./)).toBeInTheDocument();
    await waitFor(() => expect(mapa.querySelectorAll(EM_EDICAO)).toHaveLength(1));
  });
});
