import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

const senha = () => screen.getByLabelText(/^Senha/);

describe('sign-up', () => {
  it('requires every field', async () => {
    const net = stubFetch();
    const { user } = renderApp('/auth/sign-up');
    expect(await screen.findByRole('heading', { name: 'Cadastre-se' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(4);
    expect(net.calls('POST /users/sign-up')).toHaveLength(0);
  });

  it('asks for a longer password and a valid e-mail', async () => {
    stubFetch();
    const { user } = renderApp('/auth/sign-up');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria');
    await user.type(senha(), 'curta');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MSG.senhaCurta)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailInvalido)).toBeInTheDocument();
  });

  it('upper-cases the name, masks the phone and links the privacy policy', async () => {
    stubFetch();
    const { user } = renderApp('/auth/sign-up');
    const nome = await screen.findByRole('textbox', { name: 'Nome' });
    await user.type(nome, 'maria silva ');
    expect(nome).toHaveValue('MARIA SILVA ');
    await user.tab();
    expect(nome).toHaveValue('MARIA SILVA');

    const celular = screen.getByRole('textbox', { name: 'Celular' });
    await user.type(celular, '11987654321');
    expect(celular).toHaveValue('(11) 9 8765-4321');

    expect(screen.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/politica-de-privacidade');
  });

  it('creates the account and shows the welcome', async () => {
    const net = stubFetch({
      'POST /users/sign-up': () => json(201, { id: 7, nome: 'MARIA SILVA', email: 'maria@exemplo.com' }),
    });
    const { user, location } = renderApp('/auth/sign-up');
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Maria Silva');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(screen.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.type(senha(), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Enviamos a você um e-mail com seus dados de acesso.')).toBeInTheDocument();
    expect(JSON.parse(net.calls('POST /users/sign-up')[0]?.body ?? '')).toEqual({
      nome: 'MARIA SILVA',
      email: 'maria@exemplo.com',
      telefoneCelular: '(11) 9 8765-4321',
      senha: 'Segredo123',
    });

    await user.click(screen.getByRole('link', { name: 'Entrar' }));
    await waitFor(() => expect(location()).toBe('/auth/login'));
  });

  it('shows the server message in a snackbar', async () => {
    stubFetch({
      'POST /users/sign-up': () =>
        json(409, { status: 409, message: 'Conflito', errors: [{ campo: 'email', message: MSG.emailJaCadastrado }] }),
    });
    const { user } = renderApp('/auth/sign-up');
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Maria');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(screen.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.type(senha(), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MSG.emailJaCadastrado, undefined, { timeout: 3000 })).toBeInTheDocument();
  });
  it('signs up through a co-guardian invite: the token goes with the account', async () => {
    const net = stubFetch({
      'POST /users/sign-up': () => json(201, { id: 7, nome: 'MARIA SILVA', email: 'maria@exemplo.com' }),
    });
    const { user } = renderApp('/auth/sign-up?convite=tok-123');
    expect(await screen.findByText('Crie sua conta para aceitar o convite e acompanhar o pet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Já possui uma conta? Faça login' })).toHaveAttribute(
      'href',
      `/auth/login?redirect=${encodeURIComponent('/convite/tok-123')}`,
    );
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Maria Silva');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(screen.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.type(senha(), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(await screen.findByRole('heading', { name: 'Parabéns, seja bem-vindo(a)' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Convite aceito: ao entrar, o pet já aparece no seu mapa.')).toBeInTheDocument();
    expect(JSON.parse(net.calls('POST /users/sign-up')[0]?.body ?? '')).toMatchObject({ email: 'maria@exemplo.com', convite: 'tok-123' });
  });

  it('says when the invite it signs up through is no good, and creates nothing', async () => {
    stubFetch({ 'POST /users/sign-up': () => json(410, { status: 410, message: MSG.conviteExpirado }) });
    const { user } = renderApp('/auth/sign-up?convite=velho');
    await user.type(await screen.findByRole('textbox', { name: 'Nome' }), 'Maria Silva');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(screen.getByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.type(senha(), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText(MSG.conviteExpirado, {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cadastre-se' })).toBeInTheDocument();
  });
});
