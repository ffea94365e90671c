import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { TEXTO_PRIMEIRO_RASTREADOR } from '../textos';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

/** A card's label/value pairs. */
const pares = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

const consulta = (url: URL | undefined) => Object.fromEntries(url?.searchParams ?? []);

describe('meus rastreadores on a phone (390 px)', () => {
  beforeEach(() => {
    vi.stubGlobal('innerWidth', 390);
    // Only the clock: 3 minutes after the fixture's last report.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-02T12:03:00.000Z'));
  });

  it('shows each pet as a card with when it was last heard from, its menu, sorting and pages', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores': () =>
        json(200, pagina([meuRastreador(), meuRastreador({ id: 5, imei: '123', descricao: 'GATO', ultimaComunicacao: null })], 13)),
    });
    const { user, location } = renderApp('/user/meus-rastreadores');

    await screen.findByRole('heading', { name: 'COLEIRA DO REX' }, LENTO);
    const lista = screen.getByRole('list', { name: 'Meus Rastreadores' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [rex, gato] = within(lista).getAllByRole('listitem');
    if (!rex || !gato) throw new Error('cartões ausentes');
    expect(within(rex).getByRole('heading', { level: 3 })).toHaveTextContent('COLEIRA DO REX');
    expect(pares(rex)).toEqual([
      ['IMEI', '359339075123456'],
      ['Intervalo Localização', '5 minutos'],
      ['Bateria', '80%'],
      ['Data', '01/03/2025 09:00'],
      ['Situação', 'Ativo'],
      ['Última comunicação', 'há 3 min 02/03/2025 09:00'],
    ]);
    expect(pares(gato).at(-1)).toEqual(['Última comunicação', '-']);

    await user.click(within(rex).getByRole('button', { name: 'Ações do registro 4' }));
    expect(
      within(await screen.findByRole('menu'))
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([
      'Ativar economia de bateria',
      'Ativar ultra economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    // The default order (by code) is no column: the select says so until the owner picks one.
    const ordenar = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(ordenar).toHaveValue('');
    await user.selectOptions(ordenar, 'Descrição');
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores?orderBy=descricao&orderDirection=asc'));
    await waitFor(() =>
      expect(consulta(net.calls('GET /api/usuarios/rastreadores').at(-1)?.url)).toMatchObject({
        orderBy: 'descricao',
        orderDirection: 'asc',
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Ordem crescente, inverter' }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores?orderBy=descricao&orderDirection=desc'));

    expect(screen.getByText('1 a 10 de 13')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores?orderBy=descricao&orderDirection=desc&page=1'));
  });

  it('says when a search finds nothing', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, pagina([])) });
    renderApp('/user/meus-rastreadores?descricao=REX&buscar=1');
    expect(await screen.findByText('Nenhum resultado foi encontrado.', undefined, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Meus Rastreadores' })).not.toBeInTheDocument();
  });

  it('invites a new owner to link the first tracker', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, pagina([])) });
    renderApp('/user/meus-rastreadores');
    expect(await screen.findByRole('link', { name: TEXTO_PRIMEIRO_RASTREADOR.botao }, LENTO)).toHaveAttribute(
      'href',
      '/user/meus-rastreadores/cadastrar',
    );
    expect(screen.queryByText('Nenhum resultado foi encontrado.')).not.toBeInTheDocument();
  });
});
