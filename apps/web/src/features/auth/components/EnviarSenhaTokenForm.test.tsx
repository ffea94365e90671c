import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

describe('forgot password', () => {
  it('requires a valid e-mail', async () => {
    const net = stubFetch();
    const { user } = renderApp('/auth/password-reset');
    expect(await screen.findByRole('heading', { name: 'Esqueceu sua senha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nao-e-email');
    expect(await screen.findByText(MSG.emailInvalido)).toBeInTheDocument();
    expect(net.calls('PUT /users/pass/send-link')).toHaveLength(0);
  });

  it('explains an expired link (status=error, query or path)', async () => {
    stubFetch();
    renderApp('/auth/password-reset?status=error');
    expect(await screen.findByText(MSG.linkInvalido)).toBeInTheDocument();
  });

  it('explains an expired link in the path form too', async () => {
    stubFetch();
    renderApp('/auth/password-reset/error');
    expect(await screen.findByText(MSG.linkInvalido)).toBeInTheDocument();
  });

  it('puts a known server error on the e-mail field', async () => {
    stubFetch({
      'PUT /users/pass/send-link': () =>
        json(400, { status: 400, message: 'Erro', errors: [{ campo: 'emailAtual', message: MSG.emailNaoEncontrado }] }),
    });
    const { user } = renderApp('/auth/password-reset');
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'ninguem@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(MSG.emailNaoEncontrado, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the generic error otherwise', async () => {
    stubFetch({ 'PUT /users/pass/send-link': () => json(500, { status: 500, message: 'boom' }) });
    const { user } = renderApp('/auth/password-reset');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText(MSG.erroInterno, undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('sends the link, then offers to resend or go back to the login', async () => {
    const net = stubFetch({ 'PUT /users/pass/send-link': () => json(200, { message: MSG.redefinicaoEnviada }) });
    const { user, location } = renderApp('/auth/password-reset');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await screen.findByRole('heading', { name: 'Verifique seu e-mail' }, { timeout: 3000 })).toBeInTheDocument();
    expect(JSON.parse(net.calls('PUT /users/pass/send-link')[0]?.body ?? '')).toEqual({ emailAtual: 'maria@exemplo.com' });

    await user.click(screen.getByRole('button', { name: 'Reenviar link' }));
    expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@exemplo.com');

    await user.click(screen.getByRole('link', { name: 'Cancelar' }));
    await waitFor(() => expect(location()).toBe('/auth/login'));
  });
});
