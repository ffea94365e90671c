import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, erroCarregar } from '@rastro/shared/messages';
import type { RastreadorAdmin } from '@rastro/shared/schemas/rastreadores';
import { json, stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';

const rastreador = (over: Partial<RastreadorAdmin> = {}): RastreadorAdmin => ({
  id: 7,
  imei: '359339075123456',
  rastreadorDescricao: null,
  bateria: null,
  chipId: 3,
  chipNumero: '11987654321',
  usuarioNome: null,
  dataCadastro: '2025-03-01T12:00:00.000Z',
  protocolo: 'TOPIN',
  situacao: 'AGUARDANDO_VINCULO',
  situacaoDescricao: 'Aguardando Vínculo',
  situacaoCodigo: 'ATIVO',
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  temCodigoAtivacao: false,
  origensAlternadasEm: null,
  ...over,
});

const chips = [
  { id: 3, text: 'CHIP VIVO - (11) 9 8765-4321' },
  { id: 4, text: 'CHIP CLARO - (11) 3000-0000' },
];

const imei = () => screen.getByRole('textbox', { name: /^IMEI/ });
const protocolo = () => screen.getByRole('combobox', { name: /^Protocolo/ });
const chip = () => screen.getByRole('combobox', { name: /^Chip/ });

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */
const LENTO = { timeout: 5000 };

describe('admin tracker form', () => {
  it('requires IMEI and chip, and 15 digits for TOPIN', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/chips/select/disponiveis': () => json(200, chips) });
    const { user } = renderApp('/admin/rastreadores/cadastrar');
    expect(await screen.findByRole('heading', { name: 'Cadastrar' }, LENTO)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(2);

    await user.type(imei(), '12a345');
    expect(imei()).toHaveValue('12345');
    await user.click(chip());
    await user.click(await screen.findByRole('option', { name: 'CHIP VIVO - (11) 9 8765-4321' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.imeiTopin)).toBeInTheDocument();

    await user.click(protocolo());
    await user.click(await screen.findByRole('option', { name: 'OUTRO' }));
    await waitFor(() => expect(screen.queryByText(MSG.imeiTopin)).not.toBeInTheDocument());
    expect(net.calls('POST /api/rastreadores')).toHaveLength(0);
    expect(net.calls('GET /api/chips/select')).toHaveLength(0);
  });

  it('registers a tracker with a free chip and returns to the list', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/chips/select/disponiveis': () => json(200, chips),
      'POST /api/rastreadores': () => json(201, rastreador()),
      'GET /api/rastreadores': () =>
        json(200, { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, numberOfElements: 0 }),
    });
    const { user, location } = renderApp('/admin/rastreadores/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^IMEI/ }, LENTO), '359339075123456');
    await waitFor(() => expect(chip()).not.toHaveAttribute('aria-disabled'));
    await user.click(chip());
    await user.click(await screen.findByRole('option', { name: 'CHIP CLARO - (11) 3000-0000' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/rastreadores'));
    expect(JSON.parse(net.calls('POST /api/rastreadores')[0]?.body ?? '')).toEqual({
      imei: '359339075123456',
      protocolo: 'TOPIN',
      chipId: 4,
      codigoAtivacao: '',
    });
  });

  it('puts a duplicate IMEI on the IMEI field', async () => {
    loginAs();
    stubFetch({
      'GET /api/chips/select/disponiveis': () => json(200, chips),
      'POST /api/rastreadores': () =>
        json(409, { status: 409, message: 'Conflito', errors: [{ campo: 'imei', message: MSG.imeiJaCadastrado }] }),
    });
    const { user } = renderApp('/admin/rastreadores/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^IMEI/ }, LENTO), '359339075123456');
    await waitFor(() => expect(chip()).not.toHaveAttribute('aria-disabled'));
    await user.click(chip());
    await user.click(await screen.findByRole('option', { name: 'CHIP VIVO - (11) 9 8765-4321' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.imeiJaCadastrado)).toBeInTheDocument();
    expect(imei()).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits with every chip to choose from', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/rastreadores/7': () => json(200, rastreador()),
      'GET /api/chips/select': () => json(200, chips),
      'POST /api/rastreadores': () => json(200, rastreador({ chipId: 4 })),
      'GET /api/rastreadores': () =>
        json(200, { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, numberOfElements: 0 }),
    });
    const { user } = renderApp('/admin/rastreadores/editar/7');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(imei()).toHaveValue('359339075123456');
    expect(imei()).toBeEnabled();
    await waitFor(() => expect(chip()).toHaveTextContent('CHIP VIVO - (11) 9 8765-4321'));
    await user.click(chip());
    await user.click(await screen.findByRole('option', { name: 'CHIP CLARO - (11) 3000-0000' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    expect(JSON.parse(net.calls('POST /api/rastreadores')[0]?.body ?? '')).toEqual({
      id: 7,
      imei: '359339075123456',
      protocolo: 'TOPIN',
      chipId: 4,
      codigoAtivacao: '',
    });
    expect(net.calls('GET /api/chips/select/disponiveis')).toHaveLength(0);
  });

  it('locks IMEI, protocol and chip while the tracker is active', async () => {
    loginAs();
    stubFetch({
      'GET /api/rastreadores/7': () => json(200, rastreador({ situacao: 'ATIVO', situacaoDescricao: 'Ativo' })),
      'GET /api/chips/select': () => json(200, [{ id: 4, text: 'OUTRO CHIP' }]),
    });
    renderApp('/admin/rastreadores/editar/7');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(imei()).toBeDisabled();
    expect(protocolo()).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(chip()).toHaveTextContent('(11) 9 8765-4321'));
    expect(chip()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText(MSG.rastreadorAtivoImutavel)).toBeInTheDocument();
  });

  it('an active tracker without a chip: saving names the locked field instead of doing nothing', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/rastreadores/7': () =>
        json(200, rastreador({ situacao: 'ATIVO', situacaoDescricao: 'Ativo', chipId: null, chipNumero: null })),
      'GET /api/chips/select': () => json(200, chips),
    });
    const { user, location } = renderApp('/admin/rastreadores/editar/7');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(`Corrija o campo Chip: ${MSG.campoObrigatorio}`)).toBeInTheDocument();
    expect(chip()).toHaveAccessibleDescription(MSG.campoObrigatorio);
    expect(location()).toBe('/admin/rastreadores/editar/7');
    expect(net.calls('POST /api/rastreadores')).toHaveLength(0);
  });

  it('says when the chips cannot be loaded', async () => {
    loginAs();
    stubFetch({ 'GET /api/chips/select/disponiveis': () => json(503, { status: 503, message: 'x' }) });
    renderApp('/admin/rastreadores/cadastrar');
    // In the snackbar and under the field.
    await screen.findAllByText(erroCarregar('Chip'), undefined, LENTO);
    await waitFor(() => expect(screen.getAllByText(erroCarregar('Chip'))).toHaveLength(2));
  });
});
