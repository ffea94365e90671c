import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import { TEXTO_SEM_ACESSO } from '@/components/textos-sem-acesso';
import { CHAVE_DA_SESSAO, lerSessao, recarregarSessao } from '@/lib/sessao';
import { config } from '@/lib/config';
import { json, stubFetch } from '@/testing/fetch-stub';
import { adminToken, clientToken, loginAs, renderApp } from '@/testing/render-app';

describe('route guards', () => {
  it('sends a visitor to the login, remembering the origin, and back there after login', async () => {
    stubFetch({ 'POST /oauth/token': () => json(200, adminToken) });
    const { location, user } = renderApp('/admin/chips?page=2');
    await waitFor(() => expect(location()).toBe('/auth/login?redirect=%2Fadmin%2Fchips%3Fpage%3D2'));

    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'admin@rastro.local');
    await user.type(screen.getByLabelText(/^Senha/), 'Segredo123');
    const widget = document.querySelector('altcha-widget');
    widget?.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'p' } }));
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    await waitFor(() => expect(location()).toBe('/admin/chips?page=2'));
  });

  it('says a route without permission is not open to the user, with the way to the dashboard', async () => {
    loginAs({ ...adminToken, authorities: [PER.CHIPS] });
    const net = stubFetch();
    const { user, location } = renderApp('/admin/usuarios');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: TEXTO_SEM_ACESSO.titulo })).toBeInTheDocument();
    expect(net.calls('GET /api/usuarios')).toHaveLength(0);
    await user.click(within(main).getByRole('link', { name: TEXTO_SEM_ACESSO.paraODashboard }));
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
  });

  it.each([
    '/admin/usuarios',
    '/admin/usuarios/cadastrar',
    '/admin/usuarios/editar/1',
    '/admin/rastreadores',
    '/admin/rastreadores/cadastrar',
    '/admin/rastreadores/editar/1',
    '/admin/chips',
    '/admin/chips/cadastrar',
    '/admin/chips/editar/1',
    '/admin/pagamentos',
  ])('a client opening %s reads that it is not open to them, and finds the way back to the map', async (url) => {
    loginAs(clientToken);
    stubFetch();
    const { user, location } = renderApp(url);
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: TEXTO_SEM_ACESSO.titulo })).toBeInTheDocument();
    await user.click(within(main).getByRole('link', { name: TEXTO_SEM_ACESSO.paraOMapa }));
    // The map's chunk is the largest: the first load takes its time on a busy runner.
    await waitFor(() => expect(location()).toBe('/user/mapa'), { timeout: 5000 });
  });

  it('renders the page when one role matches', async () => {
    loginAs({ ...adminToken, authorities: [PER.PAGAMENTOS] });
    stubFetch();
    renderApp('/admin/pagamentos');
    const main = await screen.findByRole('main');
    expect(await within(main).findByText(MSG.emDesenvolvimento)).toBeInTheDocument();
    expect(within(main).getByText('Pagamentos')).toBeInTheDocument();
  });

  it.each([
    ['/', adminToken, '/admin/dashboard'],
    ['/admin', adminToken, '/admin/dashboard'],
    ['/', clientToken, '/user/mapa'],
    ['/admin/dashboard', clientToken, '/user/mapa'],
    ['/auth/login', adminToken, '/admin/dashboard'],
    ['/auth/sign-up', clientToken, '/user/mapa'],
  ])('%s lands a logged user on the right page', async (from, token, to) => {
    loginAs(token);
    stubFetch();
    const { location } = renderApp(from);
    await waitFor(() => expect(location()).toBe(to));
  });

  it('clears stale user data (no token) on an auth screen', async () => {
    window.localStorage.setItem(
      CHAVE_DA_SESSAO,
      JSON.stringify({ usuario: { usuarioId: 1, nome: 'X', email: 'x@x.com', authorities: [], isClient: true }, emulacao: null }),
    );
    recarregarSessao();
    stubFetch();
    renderApp('/auth/login');
    await waitFor(() => expect(window.localStorage.getItem(CHAVE_DA_SESSAO)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Fazer login' })).toBeInTheDocument();
  });

  it('checks a stored token at start and logs out when it is rejected', async () => {
    loginAs();
    recarregarSessao(); // as after a page reload: the token has not been checked yet
    const net = stubFetch({
      'POST /oauth/check_token': () => json(400, { error: 'invalid_token', error_description: MSG.tokenInvalido }),
    });
    const { location } = renderApp('/admin/usuarios');
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(lerSessao().token).toBeNull();
    expect(new URLSearchParams(net.calls('POST /oauth/check_token')[0]?.body ?? '').get('token')).toBe('token-admin');
  });

  it('keeps a stored token the server accepts and refreshes the user', async () => {
    loginAs();
    recarregarSessao();
    stubFetch({
      'POST /oauth/check_token': () =>
        json(200, { ...adminToken, access_token: undefined, nome: 'NOVO NOME', active: true, exp: 9_999_999_999 }),
    });
    renderApp('/admin/usuarios');
    expect(await screen.findByRole('heading', { name: 'Usuários' })).toBeInTheDocument();
    expect(lerSessao().usuario?.nome).toBe('NOVO NOME');
  });
});

describe('private layout', () => {
  it('shows an administrator the admin menu', async () => {
    loginAs();
    stubFetch();
    renderApp('/admin/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    for (const name of ['Dashboard', 'Usuários', 'Rastreadores', 'Chips', 'Notificações', 'Minha Conta', 'Alterar senha', 'Sair']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).queryByRole('link', { name: 'Pagamentos' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Mapa GPS' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(`Rastro · versão ${config.versao}`)).toBeInTheDocument();
  });

  it('shows a client the user menu only', async () => {
    loginAs(clientToken);
    stubFetch();
    renderApp('/user/mapa');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('link', { name: 'Mapa GPS' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Meus Rastreadores' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mapa GPS' })).toBeInTheDocument();
  });

  it('logs out through /admin/logout', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/logout': () => json(200, { message: 'ok' }) });
    const { location } = renderApp('/admin/logout');
    expect(await screen.findByText(MSG.aguarde)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth/login'), { timeout: 3000 });
    expect(lerSessao().token).toBeNull();
    expect(net.calls('GET /api/logout')[0]?.headers.get('Authorization')).toBe('Bearer token-admin');
  });
});
