import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { lerSessao } from '@/lib/sessao';
import { json, stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';

const atual = () => screen.getByLabelText(/^Senha atual/);
const nova = () => screen.getByLabelText(/^Nova senha/);
const confirmar = () => screen.getByLabelText(/^Confirmar nova senha/);

async function fill(user: ReturnType<typeof renderApp>['user'], a: string, n: string, c: string) {
  await user.type(atual(), a);
  await user.type(nova(), n);
  await user.type(confirmar(), c);
  await user.click(screen.getByRole('button', { name: 'Salvar' }));
}

describe('change own password', () => {
  it('sends a visitor to the login, remembering the screen', async () => {
    stubFetch();
    const { location } = renderApp('/auth/alterar-senha');
    await waitFor(() => expect(location()).toBe('/auth/login?redirect=%2Fauth%2Falterar-senha'));
  });

  it('validates the three fields', async () => {
    loginAs();
    const net = stubFetch();
    const { user } = renderApp('/auth/alterar-senha');
    expect(await screen.findByRole('heading', { name: 'Alterar senha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(3);

    await fill(user, 'Atual123', 'curta', 'outra');
    expect(await screen.findByText(MSG.senhaCurta)).toBeInTheDocument();
    expect(screen.getByText(MSG.senhasNaoCorrespondem)).toBeInTheDocument();
    expect(net.calls('PUT /api/usuarios/alterar-senha')).toHaveLength(0);
  });

  it('puts a 400 on the current-password field', async () => {
    loginAs();
    stubFetch({
      'PUT /api/usuarios/alterar-senha': () =>
        json(400, { status: 400, message: 'Erro', errors: [{ campo: 'senhaAtual', message: MSG.senhaAtualIncorreta }] }),
    });
    const { user } = renderApp('/auth/alterar-senha');
    await screen.findByRole('heading', { name: 'Alterar senha' });
    await fill(user, 'Errada123', 'Segredo123', 'Segredo123');
    expect(await screen.findByText(MSG.senhaAtualIncorreta, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(atual()).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows 423/403 messages in a snackbar', async () => {
    loginAs();
    stubFetch({ 'PUT /api/usuarios/alterar-senha': () => json(423, { status: 423, message: 'Conta bloqueada.' }) });
    const { user } = renderApp('/auth/alterar-senha');
    await screen.findByRole('heading', { name: 'Alterar senha' });
    await fill(user, 'Atual123', 'Segredo123', 'Segredo123');
    expect(await screen.findByText('Conta bloqueada.', undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it('changes it, then logs out and offers the login', async () => {
    loginAs();
    const net = stubFetch({ 'PUT /api/usuarios/alterar-senha': () => json(200, { message: MSG.senhaAlterada }) });
    const { user } = renderApp('/auth/alterar-senha');
    await screen.findByRole('heading', { name: 'Alterar senha' });
    await fill(user, 'Atual123', 'Segredo123', 'Segredo123');

    expect(await screen.findByText(MSG.senhaAlterada, undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(lerSessao().token).toBeNull();
    expect(screen.getByRole('link', { name: 'Retornar ao login' })).toHaveAttribute('href', '/auth/login');
    const [req] = net.calls('PUT /api/usuarios/alterar-senha');
    expect(req?.headers.get('Authorization')).toBe('Bearer token-admin');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      senhaAtual: 'Atual123',
      senhaNova: 'Segredo123',
      confirmarNovaSenha: 'Segredo123',
    });
  });
});
