import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const TOKEN = 'abc123';
// The token check waits at least 3 s (spec §9) before the form shows; skip that wait.
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
});
const passCheckDelay = () => act(() => vi.advanceTimersByTimeAsync(3000));

const validToken = () => json(200, { valido: true });

describe('set a new password from the e-mailed link', () => {
  it('checks the token first, then asks for matching passwords', async () => {
    const net = stubFetch({ 'GET /users/pass/valida-token': validToken });
    const { user } = renderApp(`/auth/alterar-sua-senha/${TOKEN}`);
    expect(await screen.findByText('Verificando o link...')).toBeInTheDocument();
    await waitFor(() => expect(net.calls('GET /users/pass/valida-token')[0]?.url.searchParams.get('token')).toBe(TOKEN));
    await passCheckDelay();

    const nova = await screen.findByLabelText(/^Nova senha/);
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(2);

    await user.type(nova, 'Segredo123');
    await user.type(screen.getByLabelText(/^Confirmar nova senha/), 'Segredo124');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText(MSG.senhasNaoCorrespondem)).toBeInTheDocument();
    expect(net.calls('POST /users/pass/reseta-senha')).toHaveLength(0);
  });

  it('sends the new password with the token and confirms', async () => {
    const net = stubFetch({
      'GET /users/pass/valida-token': validToken,
      'POST /users/pass/reseta-senha': () => json(200, { message: MSG.senhaAlterada }),
    });
    const { user } = renderApp(`/auth/alterar-sua-senha/${TOKEN}`);
    await screen.findByText('Verificando o link...');
    await passCheckDelay();
    await user.type(await screen.findByLabelText(/^Nova senha/), 'Segredo123');
    await user.type(screen.getByLabelText(/^Confirmar nova senha/), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));

    expect(await screen.findByText(MSG.senhaAlterada)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retornar ao login' })).toHaveAttribute('href', '/auth/login');
    expect(JSON.parse(net.calls('POST /users/pass/reseta-senha')[0]?.body ?? '')).toEqual({
      senhaNova: 'Segredo123',
      confirmarNovaSenha: 'Segredo123',
      token: TOKEN,
    });
  });

  it('lands a bad link on the plain login page, with the expired-link message shown once', async () => {
    // What the server answers for an unknown, used or expired token.
    stubFetch({ 'GET /users/pass/valida-token': () => json(400, { status: 400, message: MSG.linkInvalido }) });
    const { location } = renderApp(`/auth/alterar-sua-senha/${TOKEN}`);
    await screen.findByText('Verificando o link...');
    await passCheckDelay();
    await waitFor(() => expect(location()).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Fazer login' })).toBeInTheDocument();
    expect(await screen.findByText(MSG.linkInvalido)).toBeInTheDocument();
    // Nothing else repeats it: not an alert on the page, not a second snackbar.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getAllByText(MSG.linkInvalido)).toHaveLength(1);
  });
});
