import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELAY } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { Chip } from '@rastro/shared/schemas/chips';
import { json, stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';

const chip: Chip = {
  id: 5,
  descricao: 'CHIP CLARO',
  numero: '11987654321',
  situacao: 'A',
  usuarioCadastroNome: 'ADMINISTRADOR',
  dataCadastro: '2025-01-15T10:30:00.000Z',
};

const descricao = () => screen.getByRole('textbox', { name: /^Descrição/ });
const numero = () => screen.getByRole('textbox', { name: /^Número/ });
const salvar = () => screen.getByRole('button', { name: 'Salvar' });

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */
const LENTO = { timeout: 5000 };

describe('chip form', () => {
  it('requires descricao and numero', async () => {
    loginAs();
    const net = stubFetch();
    const { user } = renderApp('/admin/chips/cadastrar');
    expect(await screen.findByRole('heading', { name: 'Cadastrar' }, LENTO)).toBeInTheDocument();
    await user.click(salvar());
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(2);
    expect(descricao()).toHaveAttribute('aria-invalid', 'true');
    expect(numero()).toHaveAttribute('aria-invalid', 'true');
    expect(net.calls('POST /api/chips')).toHaveLength(0);
  });

  it('creates a chip, waits the minimum delay and returns to the list', async () => {
    loginAs();
    const net = stubFetch({ 'POST /api/chips': () => json(201, chip) });
    const { user, location } = renderApp('/admin/chips/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Descrição/ }, LENTO), 'chip claro ');
    expect(descricao()).toHaveValue('CHIP CLARO ');
    await user.type(numero(), '1130000000');
    expect(numero()).toHaveValue('(11) 3000-0000');
    const start = Date.now();
    await user.click(salvar());
    expect(await screen.findByText(MSG.chipSalvo)).toBeInTheDocument();
    expect(Date.now() - start).toBeGreaterThanOrEqual(DELAY.chipSave - 20);
    await waitFor(() => expect(location()).toBe('/admin/chips'));
    expect(JSON.parse(net.calls('POST /api/chips')[0]?.body ?? '')).toEqual({ descricao: 'CHIP CLARO', numero: '1130000000' });
  });

  it('edits a chip with its current values', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/chips/5': () => json(200, chip),
      'POST /api/chips': () => json(200, { ...chip, descricao: 'CHIP NOVO' }),
    });
    const { user, location } = renderApp('/admin/chips/editar/5');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(descricao()).toHaveValue('CHIP CLARO');
    await waitFor(() => expect(numero()).toHaveValue('(11) 9 8765-4321'));
    await user.clear(descricao());
    await user.type(descricao(), 'chip novo');
    await user.click(salvar());
    expect(await screen.findByText(MSG.chipSalvo)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/chips'));
    expect(JSON.parse(net.calls('POST /api/chips')[0]?.body ?? '')).toEqual({
      id: 5,
      descricao: 'CHIP NOVO',
      numero: '11987654321',
    });
  });

  it('puts a field error from the server on its field', async () => {
    loginAs();
    stubFetch({
      'POST /api/chips': () =>
        json(409, { status: 409, message: 'Conflito', errors: [{ campo: 'numero', message: 'Este número já está cadastrado.' }] }),
    });
    const { user, location } = renderApp('/admin/chips/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Descrição/ }, LENTO), 'x');
    await user.type(numero(), '11987654321');
    await user.click(salvar());
    expect(await screen.findByText('Este número já está cadastrado.')).toBeInTheDocument();
    expect(numero()).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/admin/chips/cadastrar');
  });

  it('shows the server message, or the generic save error when there is none', async () => {
    loginAs();
    let body: unknown = { status: 422, message: 'Este chip está inativo.' };
    stubFetch({ 'POST /api/chips': () => (body ? json(422, body) : new Response('', { status: 503 })) });
    const { user } = renderApp('/admin/chips/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^Descrição/ }, LENTO), 'x');
    await user.type(numero(), '11987654321');
    await user.click(salvar());
    expect(await screen.findByText('Este chip está inativo.')).toBeInTheDocument();
    body = null;
    await user.click(salvar());
    expect(await screen.findByText(MSG.erroSalvarRegistro)).toBeInTheDocument();
  });

  it('says when the chip cannot be loaded', async () => {
    loginAs();
    stubFetch();
    renderApp('/admin/chips/editar/99');
    expect(await screen.findAllByText(MSG.erroCarregarRegistro, undefined, LENTO)).not.toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/admin/chips');
  });
});
