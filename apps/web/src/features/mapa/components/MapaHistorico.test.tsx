import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, erroExportar, periodoMaximo } from '@rastro/shared/messages';
import { PERIODO_MAXIMO_HISTORICO_DIAS } from '@rastro/shared/constants';
import { json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, linha, prepararMapa } from '@/testing/mapa';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { marcador, rastreadoresSelect } from '../mapa-fixtures';

const ULTIMAS = 'GET /api/usuarios/rastreadores/ultimas-localizacoes';
const EXPORTAR = 'GET /api/localizacoes/exportar';

/** 10/03/2025 12:30 in São Paulo. */
const AGORA = new Date('2025-03-10T15:30:00Z');

const rota = [
  marcador({ id: 101, position: { lat: -23.5, lng: -46.6 }, dataHora: '2025-03-10T12:00:00.000Z' }),
  marcador({ id: 102, position: { lat: -23.51, lng: -46.61 }, dataHora: '2025-03-10T12:05:00.000Z' }),
  marcador({ id: 103, position: { lat: -23.52, lng: -46.62 }, dataHora: '2025-03-10T12:10:00.000Z', bateria: 77 }),
];

/** Where a marker's icon spans across the map (px), and the point it marks. */
function horizontal(el: HTMLElement) {
  const ponto = parseFloat(/translate3d\((-?[\d.]+)px/.exec(el.style.transform)?.[1] ?? el.style.left);
  const de = ponto + parseFloat(el.style.marginLeft);
  const largura = parseFloat(el.style.width);
  return { ponto, de, ate: de + largura, centro: de + largura / 2 };
}

const campo = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const erroDe = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

let urls: string[] = [];
let baixados: string[] = [];

beforeEach(() => {
  vi.useFakeTimers({ now: AGORA, toFake: ['Date'] });
  prepararMapa();
  loginAs(clientToken);
  urls = [];
  baixados = [];
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => `blob:arquivo-${urls.push('x')}` });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

async function abrirHistorico() {
  const r = renderApp('/user/mapa');
  await screen.findByRole('region', { name: 'Mapa' }, LENTO);
  await r.user.click(screen.getByRole('combobox', { name: /^Tipo de Visualização/ }));
  await r.user.click(await screen.findByRole('option', { name: 'Histórico de localizações' }));
  return r;
}

describe('Mapa GPS: location history', () => {
  it('asks for a tracker and a valid period of at most 7 days', async () => {
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/select': () => json(200, rastreadoresSelect),
      [ULTIMAS]: () => json(200, []),
    });
    const { user } = await abrirHistorico();
    expect(campo('Data Inicial')).toHaveValue('09/03/2025');
    expect(campo('Hora Inicial')).toHaveValue('12:30');
    expect(campo('Data Final')).toHaveValue('10/03/2025');
    expect(campo('Hora Final')).toHaveValue('12:30');
    expect(screen.getByRole('combobox', { name: /^Rastreador/ })).toHaveTextContent('Selecione');

    await user.clear(campo('Data Inicial'));
    await user.type(campo('Data Inicial'), '01032025');
    await user.clear(campo('Hora Final'));
    await user.type(campo('Hora Final'), '2561');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();
    expect(erroDe(campo('Hora Final'))).toBe(MSG.horaInvalida);
    await user.clear(campo('Hora Final'));
    await user.type(campo('Hora Final'), '1230');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(erroDe(campo('Data Final'))).toBe(periodoMaximo(PERIODO_MAXIMO_HISTORICO_DIAS)));

    await user.clear(campo('Data Final'));
    await user.type(campo('Data Final'), '11032025');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(erroDe(campo('Data Final'))).toBe(MSG.dataMenorOuIgualHoje));
    expect(net.calls(ULTIMAS).filter((r) => r.url.searchParams.get('tipoVisualizacao') === 'HISTORICO')).toHaveLength(0);
  });

  it('draws the route with start and end markers, and says when the period is empty', async () => {
    let resposta = rota;
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/select': () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) => json(200, req.url.searchParams.get('tipoVisualizacao') === 'HISTORICO' ? resposta : [marcador()]),
    });
    const { user } = await abrirHistorico();
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    const regiao = screen.getByRole('region', { name: 'Mapa' });
    expect(await within(regiao).findByRole('button', { name: 'Início do trajeto' })).toBeInTheDocument();
    expect(within(regiao).getByRole('button', { name: 'Fim do trajeto' })).toBeInTheDocument();
    expect(within(regiao).queryByRole('button', { name: 'TOTO' })).not.toBeInTheDocument();
    expect(Object.fromEntries(net.calls(ULTIMAS)[1]?.url.searchParams ?? [])).toEqual({
      tipoVisualizacao: 'HISTORICO',
      usuarioRastreadorId: '7',
      dataInicial: '2025-03-09T12:30:00-03:00',
      dataFinal: '2025-03-10T12:30:59-03:00',
    });

    await user.click(within(regiao).getByRole('button', { name: 'Fim do trajeto' }));
    expect(await screen.findByText(linha('Bateria: 77%'))).toBeInTheDocument();
    expect(screen.getByText(linha('Data: 10/03/2025 09:10'))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desligar' })).not.toBeInTheDocument();

    resposta = [];
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(MSG.nenhumaLocalizacaoNoPeriodo)).toBeInTheDocument();
    expect(within(regiao).queryByRole('button', { name: 'Início do trajeto' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exportar' })).toBeDisabled();
  });

  it('a dot along the route opens that position’s info window', async () => {
    stubFetch({
      'GET /api/usuarios/rastreadores/select': () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) => json(200, req.url.searchParams.get('tipoVisualizacao') === 'HISTORICO' ? rota : []),
    });
    const { user } = await abrirHistorico();
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const regiao = screen.getByRole('region', { name: 'Mapa' });
    await within(regiao).findByRole('button', { name: 'Início do trajeto' });
    // All the dots are one path (pontos-da-rota.ts), one circle each: `M{x - r},{y}a…`. The middle one is the second.
    const pontos = regiao.querySelector<SVGPathElement>('path.leaflet-interactive');
    const circulos = [...(pontos?.getAttribute('d') ?? '').matchAll(/M(-?[\d.]+),(-?[\d.]+)a([\d.]+)/g)];
    expect(circulos).toHaveLength(3);
    const [, x, y, r] = circulos[1] ?? [];
    // The test DOM lays nothing out: the map sits at the page's origin, so a layer point is a client point.
    await user.pointer({
      keys: '[MouseLeft]',
      target: pontos ?? undefined,
      coords: { clientX: Number(x) + Number(r), clientY: Number(y) },
    });
    expect(await screen.findByText(linha('Data: 10/03/2025 09:05'))).toBeInTheDocument();
  });

  it('a route that ends where it began: the start shows beside the end, both to be clicked; apart, each on its point', async () => {
    let resposta = [...rota, marcador({ id: 104, position: { lat: -23.5, lng: -46.6 }, dataHora: '2025-03-10T12:15:00.000Z' })];
    stubFetch({
      'GET /api/usuarios/rastreadores/select': () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) => json(200, req.url.searchParams.get('tipoVisualizacao') === 'HISTORICO' ? resposta : []),
    });
    const { user } = await abrirHistorico();
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const regiao = screen.getByRole('region', { name: 'Mapa' });
    const inicio = await within(regiao).findByRole('button', { name: 'Início do trajeto' });
    const fim = within(regiao).getByRole('button', { name: 'Fim do trajeto' });
    // The test DOM lays nothing out: a marker's span across the map is Leaflet's position plus the icon's offset and width.
    const [a, b] = [horizontal(inicio), horizontal(fim)];
    expect(a.ate).toBeLessThanOrEqual(b.de);
    expect(a.centro).toBeLessThan(b.centro);
    await user.click(inicio);
    expect(await screen.findByText(linha('Data: 10/03/2025 09:00'))).toBeInTheDocument();

    resposta = rota;
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(horizontal(within(regiao).getByRole('button', { name: 'Início do trajeto' })).centro).toBe(
        horizontal(within(regiao).getByRole('button', { name: 'Início do trajeto' })).ponto,
      ),
    );
  });

  it('exports the route on screen as GPX, KML or CSV with the server’s file name', async () => {
    let falhar = false;
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/select': () => json(200, rastreadoresSelect),
      [ULTIMAS]: (req) => json(200, req.url.searchParams.get('tipoVisualizacao') === 'HISTORICO' ? rota : []),
      [EXPORTAR]: () =>
        falhar
          ? json(500, { status: 500, message: 'x' })
          : new Response('<gpx/>', {
              status: 200,
              headers: { 'Content-Type': 'application/gpx+xml', 'Content-Disposition': 'attachment; filename="localizacoes-toto.gpx"' },
            }),
    });
    const { user } = await abrirHistorico();
    expect(screen.queryByRole('button', { name: 'Exportar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Rastreador/ }));
    await user.click(await screen.findByRole('option', { name: 'TOTO' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('button', { name: 'Início do trajeto' });

    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['GPX', 'KML', 'CSV']);
    await user.click(screen.getByRole('menuitem', { name: 'GPX' }));
    expect(await screen.findByText(MSG.arquivoExportado)).toBeInTheDocument();
    const [req] = net.calls(EXPORTAR);
    expect(Object.fromEntries(req?.url.searchParams ?? [])).toEqual({
      rastreadorId: '70',
      dataInicial: '2025-03-09T12:30:00-03:00',
      dataFinal: '2025-03-10T12:30:59-03:00',
      formato: 'gpx',
    });
    expect(req?.headers.get('Authorization')).toBe('Bearer token-cliente');
    expect(baixados).toEqual(['localizacoes-toto.gpx']);

    falhar = true;
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(erroExportar('CSV'))).toBeInTheDocument();
    expect(baixados).toHaveLength(1);
  });
});
