import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, pet } from '../guardioes-fixtures';

const TOKEN = 'abcDEF123_-xyz';
const ACEITAR = `/api/convites/${TOKEN}/aceitar`;
const larguraOriginal = window.innerWidth;
afterEach(() => {
  window.innerWidth = larguraOriginal;
});

describe('the invite page /convite/:token', () => {
  it('logged in: accepts, says so and opens the map', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      [`POST ${ACEITAR}`]: () => json(200, pet({ compartilhadoPor: 'ANA' })),
      'GET /api/marcadores': () => json(200, []),
    });
    const { user, location } = renderApp(`/convite/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Aceitar convite' }, LENTO)).toBeInTheDocument();
    expect(net.calls(`POST ${ACEITAR}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await waitFor(() => expect(net.calls(`POST ${ACEITAR}`)).toHaveLength(1));
    expect(net.calls(`POST ${ACEITAR}`)[0]?.headers.get('Authorization')).toBe('Bearer token-cliente');
    expect(await screen.findByText(MSG.conviteAceito)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/mapa'));
  });

  it.each([
    [404, MSG.conviteNaoEncontrado],
    [410, MSG.conviteExpirado],
    [400, MSG.conviteParaOProprioDono],
  ])('logged in: a %i says why and stays', async (status, message) => {
    loginAs(clientToken);
    stubFetch({ [`POST ${ACEITAR}`]: () => json(status, { status, message }) });
    const { user, location } = renderApp(`/convite/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Aceitar convite' }, LENTO));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(location()).toBe(`/convite/${TOKEN}`);
  });

  it('logged out: leads to the login coming back here, or to the sign-up carrying the invite', async () => {
    window.innerWidth = 390;
    stubFetch();
    const { user, location } = renderApp(`/convite/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Convite para acompanhar um pet' }, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).not.toBeInTheDocument();
    const entrar = screen.getByRole('link', { name: 'Entrar' });
    expect(entrar).toHaveAttribute('href', `/auth/login?redirect=${encodeURIComponent(`/convite/${TOKEN}`)}`);
    expect(entrar).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Criar conta' }));
    await waitFor(() => expect(location()).toBe(`/auth/sign-up?convite=${TOKEN}`));
    expect(await screen.findByRole('heading', { name: 'Cadastre-se' }, LENTO)).toBeInTheDocument();
    expect(screen.getByText('Crie sua conta para aceitar o convite e acompanhar o pet.')).toBeInTheDocument();
  });

  it('after logging in from the invite, comes back to accept it', async () => {
    stubFetch({ 'POST /oauth/token': () => json(200, clientToken) });
    const { user, location } = renderApp(`/auth/login?redirect=${encodeURIComponent(`/convite/${TOKEN}`)}`);
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }, LENTO), 'maria@exemplo.com');
    await user.type(screen.getByLabelText(/^Senha/), 'Segredo123');
    document.querySelector('altcha-widget')?.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'p' } }));
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(await screen.findByRole('heading', { name: 'Aceitar convite' }, LENTO)).toBeInTheDocument();
    expect(location()).toBe(`/convite/${TOKEN}`);
  });
});
