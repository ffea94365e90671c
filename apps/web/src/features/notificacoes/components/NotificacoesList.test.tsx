import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Notificacao } from '@rastro/shared/schemas/notificacoes';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import { LENTO, pagina } from '@/testing/fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

const notificacao = (over: Partial<Notificacao> = {}): Notificacao => ({
  id: 1,
  dataCadastro: '2025-01-15T10:30:00.000Z',
  descricao: 'REX: BATERIA FRACA',
  lida: true,
  ...over,
});

function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

/** The first screen of a test waits for its lazy route chunk. */

const menu = () => screen.findByRole('navigation', { name: 'Menu principal' }, LENTO);

describe('notifications', () => {
  it('lists the newest first with Data and Descrição, then marks them all read', async () => {
    loginAs(clientToken);
    let naoLidas = 2;
    const net = stubFetch({
      'GET /api/notificacoes': () =>
        json(
          200,
          pagina(
            [
              notificacao({ id: 3, dataCadastro: '2025-01-16T18:05:00-03:00', descricao: 'REX: COLEIRA REMOVIDA', lida: false }),
              notificacao({ id: 2, dataCadastro: '2025-01-16T09:00:00-03:00', descricao: 'REX: SOS', lida: false }),
              notificacao(),
            ],
            13,
          ),
        ),
      'GET /api/notificacoes/nao-lidas': () => json(200, { total: naoLidas }),
      'PUT /api/notificacoes/lidas': () => {
        naoLidas = 0;
        return json(200, { total: 0 });
      },
    });
    renderApp('/user/notificacoes');

    const table = await screen.findByRole('table', { name: 'Notificações' }, LENTO);
    expect(await within(table).findByText('REX: COLEIRA REMOVIDA')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Data', 'Descrição']);
    expect(celulas(table, 1)).toEqual(['16/01/2025 18:05', 'REX: COLEIRA REMOVIDA (não lida)']);
    expect(celulas(table, 2)).toEqual(['16/01/2025 09:00', 'REX: SOS (não lida)']);
    expect(celulas(table, 3)).toEqual(['15/01/2025 07:30', 'REX: BATERIA FRACA']);
    // What was unread stays in bold after the page marked it read.
    expect(within(table).getByText('REX: COLEIRA REMOVIDA')).toHaveStyle({ fontWeight: '700' });
    expect(within(table).getByText('REX: BATERIA FRACA')).not.toHaveStyle({ fontWeight: '700' });
    expect(screen.getByText('1 a 10 de 13')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Data/ })).toHaveAttribute('aria-sort', 'descending');

    expect(Object.fromEntries(net.calls('GET /api/notificacoes')[0]?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      orderBy: 'dataCadastro',
      orderDirection: 'desc',
    });
    await waitFor(() => expect(net.calls('PUT /api/notificacoes/lidas')).toHaveLength(1));
    const nav = await menu();
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notificações' })).toHaveTextContent(/^Notificações$/));
  });

  it('keeps the page in the address', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/notificacoes': () => json(200, pagina([notificacao()], 25)),
      'PUT /api/notificacoes/lidas': () => json(200, { total: 0 }),
    });
    const { user, location } = renderApp('/user/notificacoes');
    await screen.findByText('REX: BATERIA FRACA', undefined, LENTO);
    await user.click(screen.getByRole('button', { name: /próxima página/i }));
    await waitFor(() => expect(location()).toBe('/user/notificacoes?page=1'));
    await waitFor(() => expect(net.calls('GET /api/notificacoes').at(-1)?.url.searchParams.get('page')).toBe('1'));
    // Read rows on another page do not mark anything again.
    expect(net.calls('PUT /api/notificacoes/lidas')).toHaveLength(1);
  });

  it('says when there is nothing to show', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/notificacoes': () => json(200, pagina([])),
      'PUT /api/notificacoes/lidas': () => json(200, { total: 0 }),
    });
    renderApp('/user/notificacoes');
    expect(await screen.findByText(MSG.notificacoesVazio, undefined, LENTO)).toBeInTheDocument();
    await waitFor(() => expect(net.calls('PUT /api/notificacoes/lidas')).toHaveLength(1));
  });

  it('shows the service-unavailable message when the list fails', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/notificacoes': () => new Response('', { status: 503 }) });
    renderApp('/user/notificacoes');
    expect(await screen.findByRole('alert', undefined, LENTO)).toHaveTextContent(MSG.servicoIndisponivel);
  });

  it('shows a notification that arrives while the page is open, and marks it read', async () => {
    loginAs(clientToken);
    let content = [notificacao()];
    const net = stubFetch({
      'GET /api/notificacoes': () => json(200, pagina(content)),
      'PUT /api/notificacoes/lidas': () => json(200, { total: 0 }),
    });
    const { queryClient } = renderApp('/user/notificacoes');
    await screen.findByText('REX: BATERIA FRACA', undefined, LENTO);
    await waitFor(() => expect(net.calls('PUT /api/notificacoes/lidas')).toHaveLength(1));

    // What the live owner does when the socket pushes a notification.
    content = [notificacao({ id: 9, descricao: 'REX: SAIU DA ÁREA', lida: false }), ...content];
    queryClient.setQueryData(aoVivoKeys.naoLidas(), { total: 1 });
    await queryClient.invalidateQueries({ queryKey: aoVivoKeys.notificacoesLists() });

    expect(await screen.findByText('REX: SAIU DA ÁREA')).toBeInTheDocument();
    await waitFor(() => expect(net.calls('PUT /api/notificacoes/lidas')).toHaveLength(2));
    await waitFor(() => expect(queryClient.getQueryData(aoVivoKeys.naoLidas())).toEqual({ total: 0 }));
  });
});

describe('unread badge in the menu', () => {
  it('shows the unread count and follows the live total', async () => {
    loginAs(clientToken);
    const net = stubFetch({ 'GET /api/notificacoes/nao-lidas': () => json(200, { total: 3 }) });
    const { queryClient } = renderApp('/user/minha-conta');
    const nav = await menu();
    const link = await within(nav).findByRole('link', { name: 'Notificações, 3 não lidas' });
    expect(link).toHaveAttribute('href', '/user/notificacoes');
    expect(within(link).getByText('3')).toBeInTheDocument();

    queryClient.setQueryData(aoVivoKeys.naoLidas(), { total: 1 });
    expect(await within(nav).findByRole('link', { name: 'Notificações, 1 não lida' })).toBeInTheDocument();

    queryClient.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    expect(await within(nav).findByRole('link', { name: 'Notificações' })).toHaveTextContent(/^Notificações$/);
    expect(net.calls('GET /api/notificacoes/nao-lidas')).toHaveLength(1);
  });

  it('is hidden when nothing is unread', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/notificacoes/nao-lidas': () => json(200, { total: 0 }) });
    renderApp('/admin/chips');
    const nav = await menu();
    await waitFor(() => expect(net.calls('GET /api/notificacoes/nao-lidas')).toHaveLength(1));
    expect(within(nav).getByRole('link', { name: 'Notificações' })).toHaveTextContent(/^Notificações$/);
  });

  it('is left out, without a message, when the count cannot load', async () => {
    loginAs(clientToken);
    const net = stubFetch({ 'GET /api/notificacoes/nao-lidas': () => json(503, { status: 503, message: 'Indisponível' }) });
    const { queryClient } = renderApp('/user/minha-conta');
    const nav = await menu();
    await waitFor(() => expect(queryClient.getQueryState(aoVivoKeys.naoLidas())?.status).toBe('error'));
    await new Promise((r) => setTimeout(r, 100));
    expect(within(nav).getByRole('link', { name: 'Notificações' })).toHaveTextContent(/^Notificações$/);
    expect(screen.queryByText('Indisponível')).not.toBeInTheDocument();
    expect(net.calls('GET /api/notificacoes/nao-lidas')).toHaveLength(1);
  });
});
