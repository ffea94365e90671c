import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LENTO, pagina } from '@/testing/fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

/** A card's heading and its label/value pairs. */
const cartao = (li: HTMLElement) => ({
  titulo: within(li).getByRole('heading', { level: 3 }).textContent,
  pares: within(li)
    .getAllByRole('term')
    .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
});

describe('notifications on a phone (390 px)', () => {
  beforeEach(() => {
    vi.stubGlobal('innerWidth', 390);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-16T18:08:00-03:00'));
  });

  it('shows each notification as a card with how long ago, the date under it, and reverses the order', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/notificacoes': () =>
        json(
          200,
          pagina(
            [
              { id: 3, dataCadastro: '2025-01-16T18:05:00-03:00', descricao: 'REX: COLEIRA REMOVIDA', lida: false },
              { id: 2, dataCadastro: '2025-01-15T09:00:00-03:00', descricao: 'REX: SOS', lida: true },
              { id: 1, dataCadastro: '2025-01-02T07:30:00-03:00', descricao: 'REX: BATERIA FRACA', lida: true },
            ],
            13,
          ),
        ),
      'GET /api/notificacoes/nao-lidas': () => json(200, { total: 1 }),
      'PUT /api/notificacoes/lidas': () => json(200, { total: 0 }),
    });
    const { user, location } = renderApp('/user/notificacoes');

    await screen.findByRole('heading', { name: 'REX: COLEIRA REMOVIDA (não lida)' }, LENTO);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cartoes = within(screen.getByRole('list', { name: 'Notificações' }))
      .getAllByRole('listitem')
      .map(cartao);
    expect(cartoes).toEqual([
      { titulo: 'REX: COLEIRA REMOVIDA (não lida)', pares: [['Data', 'há 3 min 16/01/2025 18:05']] },
      { titulo: 'REX: SOS', pares: [['Data', 'há 1 dia 15/01/2025 09:00']] },
      // Past a week the date alone.
      { titulo: 'REX: BATERIA FRACA', pares: [['Data', '02/01/2025 07:30']] },
    ]);
    expect(screen.getByText('há 3 min').closest('time')).toHaveAttribute('dateTime', '2025-01-16T18:05:00-03:00');
    expect(screen.getByText('1 a 10 de 13')).toBeInTheDocument();

    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('dataCadastro');
    await user.click(screen.getByRole('button', { name: 'Ordem decrescente, inverter' }));
    await waitFor(() => expect(location()).toBe('/user/notificacoes?orderBy=dataCadastro&orderDirection=asc'));
    await waitFor(() =>
      expect(Object.fromEntries(net.calls('GET /api/notificacoes').at(-1)?.url.searchParams ?? [])).toMatchObject({
        orderBy: 'dataCadastro',
        orderDirection: 'asc',
      }),
    );
  });
});
