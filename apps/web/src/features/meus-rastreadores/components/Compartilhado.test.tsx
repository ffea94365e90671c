import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

/** COLEIRA DO REX is the user's own; LOLA is shared with them by ANA (they are its co-guardian). */
const lista = () =>
  pagina([meuRastreador(), meuRastreador({ id: 5, rastreadorId: 12, imei: '123', descricao: 'LOLA', compartilhadoPor: 'ANA' })]);

async function itensDoMenu(user: ReturnType<typeof renderApp>['user'], id: number): Promise<(string | null)[]> {
  await user.click(screen.getByRole('button', { name: `Ações do registro ${id}` }));
  const nomes = within(await screen.findByRole('menu'))
    .getAllByRole('menuitem')
    .map((m) => m.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return nomes;
}

afterEach(() => vi.unstubAllGlobals());

describe('a tracker shared with the user (co-guardian)', () => {
  it('reads "Compartilhado por ANA" in My trackers and offers no owner action', async () => {
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, lista()) });
    const { user } = renderApp('/user/meus-rastreadores');
    const table = await screen.findByRole('table', { name: 'Meus Rastreadores' }, LENTO);
    const lola = (await within(table).findByText('LOLA')).closest('tr');
    if (!lola) throw new Error('linha ausente');
    expect(within(lola).getByText('Compartilhado por ANA')).toBeInTheDocument();
    expect(within(table).getAllByText(/Compartilhado por/)).toHaveLength(1);

    expect(await itensDoMenu(user, 5)).toEqual(['Detalhe', 'Ativar modo perdido', 'Compartilhar']);
    expect(await itensDoMenu(user, 4)).toEqual([
      'Ativar economia de bateria',
      'Ativar ultra economia de bateria',
      'Editar',
      'Detalhe',
      'Ativar modo perdido',
      'Compartilhar',
    ]);
  });

  it('on a 390 px phone, the card says who shares it and its menu has no owner action', async () => {
    vi.stubGlobal('innerWidth', 390);
    loginAs(clientToken);
    stubFetch({ 'GET /api/usuarios/rastreadores': () => json(200, lista()) });
    const { user } = renderApp('/user/meus-rastreadores');
    const card = (await screen.findByRole('heading', { name: /LOLA/ }, LENTO)).closest('li');
    if (!card) throw new Error('cartão ausente');
    expect(within(card).getByText('Compartilhado por ANA')).toBeVisible();
    expect(await itensDoMenu(user, 5)).toEqual(['Detalhe', 'Ativar modo perdido', 'Compartilhar']);
  });

  it('its edit address says only the owner may change it, with no form', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores/5': () => json(200, meuRastreador({ id: 5, descricao: 'LOLA', compartilhadoPor: 'ANA' })),
    });
    renderApp('/user/meus-rastreadores/editar/5');
    expect(await screen.findByText(MSG.apenasDonoPode, {}, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Descrição/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/user/meus-rastreadores');
  });
});
