import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { lerSessao } from '@/lib/sessao';
import { config } from '@/lib/config';
import { adminToken, clientToken, renderApp } from '@/testing/render-app';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';

/** What the ALTCHA widget does when the proof of work is done. */
async function solveCaptcha(payload = 'payload-altcha') {
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    if (!el) throw new Error('captcha ausente');
    return el;
  });
  act(() => {
    widget.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  });
}

const emailField = () => screen.getByRole('textbox', { name: 'E-mail' });
const passwordField = () => screen.getByLabelText(/^Senha/);

describe('login', () => {
  it('shows the screen with its links', async () => {
    stubFetch();
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Fazer login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toHaveAttribute('href', '/auth/password-reset');
    expect(screen.getByRole('link', { name: 'Não possui uma conta? Cadastre-se' })).toHaveAttribute('href', '/auth/sign-up');
  });

  it('says when the captcha cannot load, and loads it on Tentar novamente', async () => {
    let falhar = true;
    const net = stubFetch({ 'GET /api/config': () => (falhar ? json(503, { status: 503, message: 'Fora do ar' }) : json(200, appConfig)) });
    const { user } = renderApp('/auth/login');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.servicoIndisponivel);
    expect(document.querySelector('altcha-widget')).toBeNull();

    falhar = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(screen.queryByText(MSG.servicoIndisponivel)).toBeNull();
    expect(net.calls('GET /api/config')).toHaveLength(2);
  });

  it('asks for the configuration once, however many screens want it', async () => {
    const net = stubFetch({ 'POST /oauth/token': () => json(200, adminToken) });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'admin@rastro.local');
    await user.type(passwordField(), 'Segredo123');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    // The private frame is drawn (its footer shows the build's version).
    expect(await screen.findByText(`Rastro · versão ${config.versao}`, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(net.calls('GET /api/config')).toHaveLength(1);
  });

  it('requires e-mail, password and the captcha', async () => {
    const net = stubFetch();
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Fazer Login' }));

    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(2);
    expect(screen.getByText(MSG.resolvaCaptcha)).toBeInTheDocument();
    expect(net.calls('POST /oauth/token')).toHaveLength(0);
  });

  it('rejects an invalid e-mail and does not upper-case it', async () => {
    stubFetch();
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo');
    await user.tab();
    expect(emailField()).toHaveValue('maria@exemplo');
    expect(await screen.findByText(MSG.emailInvalido)).toBeInTheDocument();
  });

  it('keeps blocking submission until the captcha is solved', async () => {
    const net = stubFetch();
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(passwordField(), 'Segredo123');
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(await screen.findByText(MSG.resolvaCaptcha)).toBeInTheDocument();
    expect(net.calls('POST /oauth/token')).toHaveLength(0);

    await solveCaptcha();
    await waitFor(() => expect(screen.queryByText(MSG.resolvaCaptcha)).not.toBeInTheDocument());
  });

  it('puts invalid_grant on the password field and clears the captcha', async () => {
    const net = stubFetch({
      'POST /oauth/token': () => json(400, { error: 'invalid_grant', error_description: MSG.emailOuSenhaInvalidos }),
    });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(passwordField(), 'errada');
    await solveCaptcha('p1');
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));

    expect(await screen.findByText(MSG.emailOuSenhaInvalidos)).toBeInTheDocument();
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');

    const [req] = net.calls('POST /oauth/token');
    expect(req?.headers.get('Authorization')).toBe(`Basic ${btoa('rastro-web:rastro-web-secret')}`);
    expect(req?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req?.body ?? '');
    expect(Object.fromEntries(form)).toEqual({
      username: 'maria@exemplo.com',
      password: 'errada',
      grant_type: 'password',
      'g-recaptcha-response': 'p1',
    });

    // The captcha was reset: a second try needs a new solution.
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(await screen.findByText(MSG.resolvaCaptcha)).toBeInTheDocument();
    expect(net.calls('POST /oauth/token')).toHaveLength(1);
  });

  it('shows other errors in a snackbar', async () => {
    stubFetch({
      'POST /oauth/token': () => json(400, { error: 'usuario_inativo', error_description: MSG.usuarioInativo }),
    });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(passwordField(), 'Segredo123');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    expect(await screen.findByText(MSG.usuarioInativo)).toBeInTheDocument();
    expect(passwordField()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('logs an administrator in and lands on the dashboard', async () => {
    stubFetch({ 'POST /oauth/token': () => json(200, adminToken) });
    const { user, location } = renderApp('/auth/login');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'admin@rastro.local');
    await user.type(passwordField(), 'Segredo123');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));

    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(lerSessao().usuario?.nome).toBe('ADMINISTRADOR');
    expect(document.cookie).toContain('rastro_token=token-admin');
  });

  it('sends a client to the map, or to the remembered origin', async () => {
    stubFetch({ 'POST /oauth/token': () => json(200, clientToken) });
    const { user, location } = renderApp('/auth/login?redirect=%2Fuser%2Fnotificacoes');
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'maria@exemplo.com');
    await user.type(passwordField(), 'Segredo123');
    await solveCaptcha();
    await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
    await waitFor(() => expect(location()).toBe('/user/notificacoes'));
  });

  describe('taking over from the login drawn in the HTML (login.html)', () => {
    type ComEstado = Window & { __rastroLogin?: { captcha: Promise<string | null> | null } };
    function desenharLoginEstatico(email: string, senha: string, captcha: Promise<string | null> | null) {
      document.body.insertAdjacentHTML(
        'beforeend',
        `<main id="login-estatico"><input id="login-estatico-email" type="email"><input id="login-estatico-senha" type="password"></main>`,
      );
      (document.getElementById('login-estatico-email') as HTMLInputElement).value = email;
      (document.getElementById('login-estatico-senha') as HTMLInputElement).value = senha;
      (window as ComEstado).__rastroLogin = { captcha };
    }
    afterEach(() => {
      document.getElementById('login-estatico')?.remove();
      delete (window as ComEstado).__rastroLogin;
    });

    it('keeps what was typed and the captcha solved there, and logs in with them', async () => {
      desenharLoginEstatico('maria@exemplo.com', 'Segredo123', Promise.resolve('payload-do-html'));
      const net = stubFetch({ 'POST /oauth/token': () => json(200, clientToken) });
      const { user, location } = renderApp('/auth/login');
      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@exemplo.com');
      expect(passwordField()).toHaveValue('Segredo123');
      expect(await screen.findByText('Verificado')).toBeInTheDocument();
      expect(document.querySelector('altcha-widget')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Fazer Login' }));
      await waitFor(() => expect(location()).toBe('/user/mapa'));
      const form = new URLSearchParams(net.calls('POST /oauth/token')[0]?.body ?? '');
      expect(form.get('g-recaptcha-response')).toBe('payload-do-html');
    });

    it('keeps the errors it was showing when React replaced it mid-submit', async () => {
      desenharLoginEstatico('maria@exemplo.com', '', null);
      document
        .getElementById('login-estatico')
        ?.insertAdjacentHTML(
          'beforeend',
          `<p id="login-estatico-senha-erro" role="alert">${MSG.campoObrigatorio}</p><p id="login-estatico-captcha-erro" role="alert">${MSG.resolvaCaptcha}</p>`,
        );
      stubFetch();
      renderApp('/auth/login');
      expect(await screen.findByRole('textbox', { name: 'E-mail' })).toHaveValue('maria@exemplo.com');
      document.getElementById('login-estatico')?.remove();
      expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();
      expect(screen.getByText(MSG.resolvaCaptcha)).toBeInTheDocument();
      expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    });

    it('shows the widget when the captcha there failed', async () => {
      desenharLoginEstatico('', '', Promise.resolve(null));
      stubFetch();
      renderApp('/auth/login');
      await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
      expect(screen.queryByText('Verificado')).toBeNull();
    });
  });
});
