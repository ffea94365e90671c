import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, economiaErro, economiaSucesso } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';
import { TEXTO_PRIMEIRO_RASTREADOR } from '../textos';

/** What a person reads in a cell: its text without what is hidden from them (the pet's avatar initial). */
function textoVisivel(c: HTMLElement) {
  const copia = c.cloneNode(true) as HTMLElement;
  for (const oculto of copia.querySelectorAll('[aria-hidden="true"]')) oculto.remove();
  return copia.textContent;
}

/** The texts of a table row's cells (row 0 is the header). */
function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row).getAllByRole('cell').map(textoVisivel);
}

/** The names of the entries of a row's menu (opened, then closed again). */
async function itensDoMenu(user: ReturnType<typeof renderApp>['user'], id: number): Promise<string[]> {
  await user.click(screen.getByRole('button', { name: `Ações do registro ${id}` }));
  const menu = await screen.findByRole('menu');
  const nomes = within(menu)
    .getAllByRole('menuitem')
    .map((m) => m.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return nomes;
}

describe('meus rastreadores list', () => {
  it('lists the owner trackers at once, with their columns', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores': () =>
        json(
          200,
          pagina(
            [
              meuRastreador(),
              meuRastreador({ id: 5, imei: '123', descricao: 'GATO', intervaloLocalizacao: 1, bateria: null, situacaoDescricao: 'Alerta' }),
              meuRastreador({ id: 6, imei: '456', descricao: 'LOLA', intervaloLocalizacao: 120, bateria: -1 }),
            ],
            13,
          ),
        ),
    });
    const { location } = renderApp('/user/meus-rastreadores');
    const table = await screen.findByRole('table', { name: 'Meus Rastreadores' }, LENTO);
    await within(table).findByRole('cell', { name: 'COLEIRA DO REX' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['IMEI', 'Descrição', 'Intervalo Localização', 'Bateria', 'Data', 'Situação', 'Ações']);
    expect(celulas(table, 1)).toEqual(['359339075123456', 'COLEIRA DO REX', '5 minutos', '80%', '01/03/2025 09:00', 'Ativo', '']);
    expect(celulas(table, 2)).toEqual(['123', 'GATO', '1 minuto', '-', '01/03/2025 09:00', 'Alerta', '']);
    expect(celulas(table, 3)).toEqual(['456', 'LOLA', '120 minutos', '-', '01/03/2025 09:00', 'Ativo', '']);
    expect(screen.getByText('1 a 10 de 13')).toBeInTheDocument();
    expect(screen.getByText('Mostrar Linhas:')).toBeInTheDocument();
    expect(screen.queryByText(MSG.informeFiltros)).not.toBeInTheDocument();

    expect(Object.fromEntries(net.calls('GET /api/usuarios/rastreadores')[0]?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      orderBy: 'id',
      orderDirection: 'asc',
    });
    expect(location()).toBe('/user/meus-rastreadores');
    expect(screen.getByRole('link', { name: 'Novo' })).toHaveAttribute('href', '/user/meus-rastreadores/cadastrar');
  });

  it('searches by descrição and IMEI, keeps the search in the address and says when nothing was found', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores': (req) => json(200, pagina(req.url.searchParams.has('descricao') ? [] : [meuRastreador()])),
    });
    const { user, location } = renderApp('/user/meus-rastreadores');
    expect(await screen.findByRole('cell', { name: 'COLEIRA DO REX' }, LENTO)).toBeInTheDocument();
    const pesquisa = screen.getByRole('form', { name: 'Pesquisa' });
    const descricao = within(pesquisa).getByRole('textbox', { name: 'Descrição' });
    const imei = within(pesquisa).getByRole('textbox', { name: 'IMEI' });
    expect(descricao).toHaveAttribute('maxlength', '150');
    expect(imei).toHaveAttribute('maxlength', '20');
    await user.type(descricao, 'rex');
    await user.type(imei, '35a93');
    expect(imei).toHaveValue('3593');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));

    await waitFor(() => expect(net.calls('GET /api/usuarios/rastreadores')).toHaveLength(2));
    const query = net.calls('GET /api/usuarios/rastreadores')[1]?.url.searchParams;
    expect(query?.get('descricao')).toBe('REX');
    expect(query?.get('imei')).toBe('3593');
    expect(location()).toBe('/user/meus-rastreadores?descricao=REX&imei=3593&buscar=1');
    // A search that finds nothing says so, with the search still there to change.
    expect(await screen.findByText(MSG.nenhumResultado)).toBeInTheDocument();
    expect(screen.queryByText(TEXTO_PRIMEIRO_RASTREADOR.titulo)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar' }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores'));
    expect(descricao).toHaveValue('');
    expect(imei).toHaveValue('');
  });

  it('invites a new owner to link the first tracker instead of an empty table', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, pagina([])) });
    const { user, location } = renderApp('/user/meus-rastreadores');
    const convite = await screen.findByRole('region', { name: TEXTO_PRIMEIRO_RASTREADOR.titulo }, LENTO);
    expect(convite).toHaveTextContent(TEXTO_PRIMEIRO_RASTREADOR.texto);
    expect(screen.queryByText(MSG.nenhumResultado)).not.toBeInTheDocument();
    expect(screen.queryByText('0 a 0 de 0')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Pesquisa' })).not.toBeInTheDocument();
    await user.click(within(convite).getByRole('link', { name: TEXTO_PRIMEIRO_RASTREADOR.botao }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores/cadastrar'));
    expect(await screen.findByRole('textbox', { name: /^IMEI/ }, LENTO)).toBeInTheDocument();
  });

  it('offers each battery mode only while the other is off', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores': () =>
        json(
          200,
          pagina([
            meuRastreador({ id: 1 }),
            meuRastreador({ id: 2, economiaBateria: 'V' }),
            meuRastreador({ id: 3, ultraEconomiaBateria: 'V' }),
          ]),
        ),
    });
    const { user } = renderApp('/user/meus-rastreadores');
    await screen.findByRole('button', { name: 'Ações do registro 3' }, LENTO);
    expect(await itensDoMenu(user, 1)).toEqual([
      'Ativar economia de bateria',
      'Ativar ultra economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
    expect(await itensDoMenu(user, 2)).toEqual([
      'Inativar economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
    expect(await itensDoMenu(user, 3)).toEqual([
      'Inativar ultra economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
  });

  it('turns economy on, says so and shows the new state in the row', async () => {
    loginAs(clientToken);
    let atual: MeuRastreador = meuRastreador();
    const net = stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([atual])),
      'PUT /api/usuarios/rastreadores/ativar-economia-bateria/4': () => {
        atual = meuRastreador({ economiaBateria: 'V' });
        return json(200, atual);
      },
    });
    const { user } = renderApp('/user/meus-rastreadores');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar economia de bateria' }));
    expect(await screen.findByText(economiaSucesso('economia', 'Ativar'))).toBeInTheDocument();
    expect(net.calls('PUT /api/usuarios/rastreadores/ativar-economia-bateria/4')).toHaveLength(1);
    await waitFor(() => expect(net.calls('GET /api/usuarios/rastreadores').length).toBeGreaterThanOrEqual(2));
    expect(await itensDoMenu(user, 4)).toEqual([
      'Inativar economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
  });

  it('says when switching ultra economy failed', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador({ ultraEconomiaBateria: 'V' })])),
      'PUT /api/usuarios/rastreadores/inativar-ultra-economia-bateria/4': () =>
        json(409, { status: 409, message: MSG.economiasExclusivas }),
    });
    const { user } = renderApp('/user/meus-rastreadores');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar ultra economia de bateria' }));
    expect(await screen.findByText(economiaErro('ultra', 'Inativar'))).toBeInTheDocument();
  });

  it('opens the edit form and the detail, and the edit form returns to the same search', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador()),
      'GET /api/localizacoes': () => json(200, pagina([])),
    });
    const { user, location } = renderApp('/user/meus-rastreadores?descricao=REX&buscar=1');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    expect(await screen.findByRole('heading', { name: 'Editar' })).toBeInTheDocument();
    expect(location()).toBe('/user/meus-rastreadores/editar/4');
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores?descricao=REX&buscar=1'));

    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Detalhe' }));
    await waitFor(() => expect(location()).toBe('/user/rastreadores/detalhe/4'));
    await user.click(await screen.findByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores?descricao=REX&buscar=1'));
  });

  it('shows the service-unavailable message when the list fails', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => new Response('', { status: 503 }) });
    renderApp('/user/meus-rastreadores');
    expect(await screen.findByRole('alert', undefined, LENTO)).toHaveTextContent(MSG.servicoIndisponivel);
  });
});
