import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { DELAY } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { adminToken } from '@/testing/fixtures';
import Snackbars from './Snackbars';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { lerSessao, CHAVE_DA_SESSAO, iniciarEmulacao, iniciarSessao } from './sessao';

const okSchema = z.object({ ok: z.boolean() });

/** The snackbar host. */
const renderSnackbars = () => render(<Snackbars />);
const loginAs = () => iniciarSessao(adminToken);

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('esperava falhar');
    },
    (e: unknown) => {
      if (!(e instanceof ApiError)) throw e;
      return e;
    },
  );

describe('api client', () => {
  it('sends the bearer token and, while emulating, the emulated user id', async () => {
    loginAs();
    iniciarEmulacao({ usuarioId: 42, nome: 'MARIA', authorities: [], isClient: true });
    const net = stubFetch({ 'GET /api/coisa': () => json(200, { ok: true }) });
    await expect(apiRequest('/api/coisa', okSchema, { query: { page: 0, vazio: '' } })).resolves.toEqual({ ok: true });
    const [req] = net.calls('GET /api/coisa');
    expect(req?.headers.get('Authorization')).toBe('Bearer token-admin');
    expect(req?.headers.get('X-Usuario-Emulado')).toBe('42');
    expect(req?.url.search).toBe('?page=0');
  });

  it('on a 401 of an authenticated call, warns that the session expired and logs out 0.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    renderSnackbars();
    loginAs();
    stubFetch({ 'GET /api/coisa': () => json(401, { status: 401, message: MSG.naoAutenticado }) });

    const error = await failure(apiRequest('/api/coisa', okSchema));
    expect(error.status).toBe(401);
    expect(error.handled).toBe(true);
    expect(await screen.findByText(MSG.sessaoExpirada)).toBeInTheDocument();
    expect(lerSessao().token).toBe('token-admin');

    await act(() => vi.advanceTimersByTimeAsync(DELAY.sessaoExpirada));
    expect(lerSessao().token).toBeNull();
    expect(lerSessao().usuario).toBeNull();
    expect(window.localStorage.getItem(CHAVE_DA_SESSAO)).toBeNull();
    expect(document.cookie).not.toContain('rastro_token=');
  });

  it('does not end the session on a 401 of an anonymous call', async () => {
    loginAs();
    stubFetch({ 'POST /oauth/token': () => json(401, { error: 'invalid_client', error_description: MSG.clienteInvalido }) });
    const error = await failure(apiRequest('/oauth/token', okSchema, { method: 'POST', auth: false, form: {} }));
    expect(error.message).toBe(MSG.clienteInvalido);
    expect(error.oauth?.error).toBe('invalid_client');
    expect(lerSessao().token).toBe('token-admin');
  });

  it('maps server errors to what the user reads', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubFetch({
      'GET /api/500': () => json(500, { status: 500, message: 'detalhe interno' }),
      'GET /api/502': () => new Response('Bad Gateway', { status: 502 }),
      'GET /api/campos': () =>
        json(400, {
          status: 400,
          message: 'Requisição inválida.',
          errors: [
            { campo: 'nome', message: 'Primeiro.' },
            { campo: 'x', message: 'Segundo.' },
          ],
        }),
      'GET /api/mudo': () => new Response('', { status: 503 }),
      'GET /api/estranho': () => json(200, { inesperado: true }),
    });
    expect((await failure(apiRequest('/api/500', okSchema, { auth: false }))).message).toBe(MSG.erroInterno);
    expect((await failure(apiRequest('/api/502', okSchema, { auth: false }))).message).toBe(MSG.erroInterno);
    const campos = await failure(apiRequest('/api/campos', okSchema, { auth: false }));
    expect(campos.message).toBe('Primeiro.');
    expect(campos.fieldMessage('x')).toBe('Segundo.');
    expect((await failure(apiRequest('/api/mudo', okSchema, { auth: false }))).message).toBe(MSG.servicoIndisponivel);
    expect((await failure(apiRequest('/api/estranho', okSchema, { auth: false }))).message).toBe(MSG.erroInterno);
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it('reports a network failure as service unavailable', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(apiRequest('/api/coisa', okSchema, { auth: false }));
    expect(error.status).toBe(0);
    expect(error.message).toBe(MSG.servicoIndisponivel);
  });
});
