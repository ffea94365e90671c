import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELAY } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

const imei = () => screen.getByRole('textbox', { name: /^IMEI/ });
const descricao = () => screen.getByRole('textbox', { name: /^Descrição/ });
const intervalo = () => screen.getByRole('textbox', { name: /^Intervalo de localização \(minutos\)/ });
const periodo = () => screen.getByRole('combobox', { name: /^Período da ultra economia/ });
const salvar = () => screen.getByRole('button', { name: 'Salvar' });

describe('meu rastreador form', () => {
  it('shows the fields with their defaults and the mode texts', async () => {
    loginAs(clientToken);
    stubFetch();
    renderApp('/user/meus-rastreadores/cadastrar');
    expect(await screen.findByRole('heading', { name: 'Cadastrar' }, LENTO)).toBeInTheDocument();
    expect(imei()).toBeEnabled();
    expect(imei()).toHaveAttribute('maxlength', '20');
    expect(descricao()).toHaveAttribute('maxlength', '150');
    expect(intervalo()).toHaveValue('5');
    expect(intervalo()).toHaveAttribute('maxlength', '3');
    expect(periodo()).toHaveTextContent('1 hora');
    expect(screen.getByText(MSG.textoModoNormal)).toBeInTheDocument();
    expect(screen.getByText(MSG.textoModoEconomia)).toBeInTheDocument();
    expect(screen.getByText(MSG.textoModoUltraEconomia)).toBeInTheDocument();
  });

  it('checks the fields before saving', async () => {
    loginAs(clientToken);
    const net = stubFetch();
    const { user } = renderApp('/user/meus-rastreadores/cadastrar');
    await screen.findByRole('heading', { name: 'Cadastrar' }, LENTO);
    await user.clear(intervalo());
    await user.type(intervalo(), '121');
    await user.click(salvar());
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(2);
    expect(screen.getByText(MSG.intervaloInvalido)).toBeInTheDocument();
    expect(intervalo()).toHaveAttribute('aria-invalid', 'true');
    expect(net.calls('POST /api/usuarios/rastreadores')).toHaveLength(0);
  });

  it('links a tracker: posts the body, waits the minimum delay and returns to the list with the message', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'POST /api/usuarios/rastreadores': () => json(201, meuRastreador()),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    const { user, location } = renderApp('/user/meus-rastreadores/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^IMEI/ }, LENTO), '3593x39075123456');
    expect(imei()).toHaveValue('359339075123456');
    await user.type(screen.getByRole('textbox', { name: 'Código de ativação' }), 'pata42xy');
    await user.type(descricao(), 'coleira do rex');
    expect(descricao()).toHaveValue('COLEIRA DO REX');
    await user.clear(intervalo());
    await user.type(intervalo(), '10');
    await user.click(periodo());
    await user.click(await screen.findByRole('option', { name: '6 horas' }));
    const start = Date.now();
    await user.click(salvar());
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    expect(Date.now() - start).toBeGreaterThanOrEqual(DELAY.meuRastreadorSave - 20);
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores'));
    expect(JSON.parse(net.calls('POST /api/usuarios/rastreadores')[0]?.body ?? '')).toEqual({
      imei: '359339075123456',
      // The box's code, read in capitals.
      codigoAtivacao: 'PATA42XY',
      descricao: 'COLEIRA DO REX',
      intervaloLocalizacao: 10,
      periUltraEconBateria: 360,
    });
  });

  it('puts a refused IMEI on its field', async () => {
    loginAs(clientToken);
    stubFetch({
      'POST /api/usuarios/rastreadores': () =>
        json(400, { status: 400, message: 'Requisição inválida.', errors: [{ campo: 'imei', message: MSG.rastreadorNaoAguardaVinculo }] }),
    });
    const { user, location } = renderApp('/user/meus-rastreadores/cadastrar');
    await user.type(await screen.findByRole('textbox', { name: /^IMEI/ }, LENTO), '999');
    await user.type(descricao(), 'x');
    await user.click(salvar());
    expect(await screen.findByText(MSG.rastreadorNaoAguardaVinculo)).toBeInTheDocument();
    expect(imei()).toHaveAttribute('aria-invalid', 'true');
    expect(location()).toBe('/user/meus-rastreadores/cadastrar');
  });

  it('edits a tracker with its current values and the IMEI fixed', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador({ intervaloLocalizacao: 15, periUltraEconBateria: 720 })),
      'POST /api/usuarios/rastreadores': () => json(200, meuRastreador({ descricao: 'REX' })),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    const { user, location } = renderApp('/user/meus-rastreadores/editar/4');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(imei()).toBeDisabled();
    expect(imei()).toHaveValue('359339075123456');
    expect(descricao()).toHaveValue('COLEIRA DO REX');
    expect(intervalo()).toHaveValue('15');
    expect(periodo()).toHaveTextContent('12 horas');
    await user.clear(descricao());
    await user.type(descricao(), 'rex');
    await user.click(salvar());
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores'));
    expect(JSON.parse(net.calls('POST /api/usuarios/rastreadores')[0]?.body ?? '')).toEqual({
      id: 4,
      imei: '359339075123456',
      codigoAtivacao: '',
      descricao: 'REX',
      intervaloLocalizacao: 15,
      periUltraEconBateria: 720,
    });
  });

  it('in lost mode the interval and the ultra-economy period are locked, saying why; the rest still saves', async () => {
    loginAs(clientToken);
    const modoPerdido = { ativo: true as const, desde: '2026-11-25T17:30:00.000Z', ate: '2026-11-25T23:30:00.000Z' };
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () =>
        json(200, meuRastreador({ intervaloLocalizacao: 15, periUltraEconBateria: 720, modoPerdido })),
      'POST /api/usuarios/rastreadores': () => json(200, meuRastreador({ descricao: 'REX' })),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    const { user } = renderApp('/user/meus-rastreadores/editar/4');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(intervalo()).toBeDisabled();
    expect(intervalo()).toHaveAccessibleDescription(MSG.modoPerdidoBloqueia);
    expect(periodo()).toHaveAttribute('aria-disabled', 'true');
    await user.clear(descricao());
    await user.type(descricao(), 'rex');
    await user.click(salvar());
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    expect(JSON.parse(net.calls('POST /api/usuarios/rastreadores')[0]?.body ?? '')).toMatchObject({
      descricao: 'REX',
      intervaloLocalizacao: 15,
      periUltraEconBateria: 720,
    });
  });

  it('a period never chosen: saving says so on the field and moves the focus there', async () => {
    loginAs(clientToken);
    const net = stubFetch({ 'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador({ periUltraEconBateria: null })) });
    const { user, location } = renderApp('/user/meus-rastreadores/editar/4');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    await user.click(salvar());
    expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();
    await waitFor(() => expect(periodo()).toHaveFocus());
    expect(periodo()).toHaveAccessibleDescription(MSG.campoObrigatorio);
    expect(location()).toBe('/user/meus-rastreadores/editar/4');
    expect(net.calls('POST /api/usuarios/rastreadores')).toHaveLength(0);
  });

  it('in lost mode a period never chosen (the field locked) does not block the save', async () => {
    loginAs(clientToken);
    const modoPerdido = { ativo: true as const, desde: '2026-11-25T17:30:00.000Z', ate: '2026-11-25T23:30:00.000Z' };
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador({ periUltraEconBateria: null, modoPerdido })),
      'POST /api/usuarios/rastreadores': () => json(200, meuRastreador({ descricao: 'REX' })),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    const { user, location } = renderApp('/user/meus-rastreadores/editar/4');
    expect(await screen.findByRole('heading', { name: 'Editar' }, LENTO)).toBeInTheDocument();
    expect(periodo()).toHaveTextContent('1 hora');
    await user.clear(descricao());
    await user.type(descricao(), 'rex');
    await user.click(salvar());
    expect(await screen.findByText(MSG.rastreadorSalvo)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/user/meus-rastreadores'));
    expect(JSON.parse(net.calls('POST /api/usuarios/rastreadores')[0]?.body ?? '')).toMatchObject({
      descricao: 'REX',
      periUltraEconBateria: 60,
    });
  });

  it('says when the tracker cannot be loaded', async () => {
    loginAs(clientToken);
    stubFetch();
    renderApp('/user/meus-rastreadores/editar/99');
    expect(await screen.findByText(MSG.erroCarregarRegistro, undefined, LENTO)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/user/meus-rastreadores');
  });

  it('says so for an address without a valid id', async () => {
    loginAs(clientToken);
    const net = stubFetch();
    renderApp('/user/meus-rastreadores/editar/abc');
    expect(await screen.findByText(MSG.erroCarregarRegistro, undefined, LENTO)).toBeInTheDocument();
    expect(net.requests.filter((r) => r.url.pathname.startsWith('/api/usuarios/rastreadores'))).toHaveLength(0);
  });
});
