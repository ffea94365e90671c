import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { PER, TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import { TEXTO_SEM_ACESSO } from '@/components/textos-sem-acesso';
import { stubFetch } from '@/testing/fetch-stub';
import { adminToken, clientToken, loginAs, renderApp } from '@/testing/render-app';

/** Spec §1/§2: while payments are off, the payment screens are placeholders for PER300, hidden from the menu. */
describe('payment placeholders (payments off)', () => {
  it('/user/meus-pagamentos tells a client without PER300 it is not open to them', async () => {
    loginAs(clientToken);
    stubFetch();
    renderApp('/user/meus-pagamentos');
    expect(await screen.findByRole('heading', { name: 'Meus Pagamentos' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: TEXTO_SEM_ACESSO.titulo })).toBeInTheDocument();
    expect(screen.queryByText(MSG.emDesenvolvimento)).not.toBeInTheDocument();
  });

  it('/user/meus-pagamentos says it is in development to a client with PER300, and stays out of the menu', async () => {
    loginAs({ ...clientToken, authorities: [PER.PAGAMENTOS] });
    stubFetch();
    renderApp('/user/meus-pagamentos');
    const main = await screen.findByRole('main', undefined, { timeout: 5000 });
    expect(await within(main).findByText(MSG.emDesenvolvimento, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(within(main).getByText('Meus Pagamentos')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).queryByRole('link', { name: /Pagamentos/ })).not.toBeInTheDocument();
  });

  it('/admin/pagamentos tells an administrator without PER300 it is not open to them', async () => {
    loginAs({ ...adminToken, authorities: TODAS_PERMISSOES.filter((p) => p !== PER.PAGAMENTOS) });
    stubFetch();
    renderApp('/admin/pagamentos');
    expect(await screen.findByRole('heading', { name: 'Pagamentos' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { name: TEXTO_SEM_ACESSO.titulo })).toBeInTheDocument();
    expect(screen.queryByText(MSG.emDesenvolvimento)).not.toBeInTheDocument();
  });

  it('neither screen is in the menu of an administrator holding PER300', async () => {
    loginAs(adminToken);
    stubFetch();
    renderApp('/admin/pagamentos');
    const main = await screen.findByRole('main', undefined, { timeout: 5000 });
    expect(await within(main).findByText(MSG.emDesenvolvimento, undefined, { timeout: 5000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Chips' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Pagamentos/ })).not.toBeInTheDocument();
  });
});
