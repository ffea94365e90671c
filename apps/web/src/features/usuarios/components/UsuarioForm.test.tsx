import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, erroCarregar, idadeMinima } from '@rastro/shared/messages';
import { dayjs } from '@/lib/dayjs';
import { json, stubFetch } from '@/testing/fetch-stub';
import { TEXTO_CEP } from '@/components/endereco/textos';
import { loginAs, renderApp } from '@/testing/render-app';
import { MARIA, lookups } from './usuarios-fixtures';

const campo = (name: string | RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

async function abrirCadastro(handlers = {}) {
  const net = stubFetch({ ...lookups, ...handlers });
  loginAs();
  const app = renderApp('/admin/usuarios/cadastrar');
  await screen.findByRole('textbox', { name: /^Nome/ }, { timeout: 5000 });
  return { ...app, net };
}

describe('user form', () => {
  it('requires name, e-mail, CPF, mobile and level', async () => {
    const { user, net } = await abrirCadastro();
    expect(screen.getByText('O usuário receberá um e-mail com um link para criar a senha de acesso.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText(MSG.campoObrigatorio)).toHaveLength(5);
    expect(net.calls('POST /api/usuarios')).toHaveLength(0);
  });

  it('checks CPF, e-mail and age', async () => {
    const { user } = await abrirCadastro();
    await user.type(campo(/^CPF/), '11111111111');
    await user.type(campo(/^E-mail/), 'maria');
    await user.type(campo('Data de Nascimento'), dayjs().subtract(10, 'year').format('DD/MM/YYYY'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cpfInvalido)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailInvalido)).toBeInTheDocument();
    expect(screen.getByText(idadeMinima(18))).toBeInTheDocument();
  });

  it('creates a user and returns to the list', async () => {
    const { user, net, location } = await abrirCadastro({
      'POST /api/usuarios': () => json(201, MARIA),
      'GET /api/usuarios': () =>
        json(200, { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, numberOfElements: 0 }),
    });
    await user.type(campo(/^Nome/), 'maria silva');
    await user.type(campo(/^E-mail/), 'maria@exemplo.com');
    await user.type(campo(/^CPF/), '52998224725');
    await user.type(campo('Data de Nascimento'), '20051990');
    await user.type(campo(/^Celular/), '11987654321');
    await user.click(select(/^Sexo/));
    await user.click(await screen.findByRole('option', { name: 'Feminino' }));
    await user.click(select(/^Perfil/));
    await user.click(await screen.findByRole('option', { name: 'Cliente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(MSG.usuarioSalvo)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/usuarios'));
    const body: unknown = JSON.parse(net.calls('POST /api/usuarios')[0]?.body ?? '');
    expect(body).toMatchObject({
      nome: 'MARIA SILVA',
      email: 'maria@exemplo.com',
      cpf: '529.982.247-25',
      dataNascimento: '1990-05-20',
      sexo: 'FEMININO',
      telefoneCelular: '(11) 9 8765-4321',
      telefoneResidencial: '',
      nivelId: 2,
      estadoId: null,
      cidadeId: null,
    });
    expect(body).not.toHaveProperty('id');
  });

  it('fills the address from the CEP and loads its cities', async () => {
    const { user, net } = await abrirCadastro({
      'GET /api/via-cep/cep/01001000': () =>
        json(200, {
          cep: '01001-000',
          logradouro: 'Praça da Sé',
          complemento: 'lado ímpar',
          bairro: 'Sé',
          estado: 'SP',
          cidade: 'São Paulo',
          estadoId: 25,
          cidadeId: 3550308,
        }),
    });
    await user.type(campo('CEP'), '01001000');
    await user.tab();

    await waitFor(() => expect(campo('Logradouro')).toHaveValue('PRAÇA DA SÉ'));
    expect(campo('Complemento')).toHaveValue('LADO ÍMPAR');
    expect(campo('Bairro')).toHaveValue('SÉ');
    expect(campo('CEP')).toHaveValue('01001-000');
    expect(select(/^Estado/)).toHaveTextContent('São Paulo (SP)');
    await waitFor(() => expect(select(/^Cidade/)).toHaveTextContent('São Paulo'));
    expect(net.calls('GET /api/cidades/select/25')).toHaveLength(1);
  });

  it('shows the server message when the CEP is unknown', async () => {
    const { user } = await abrirCadastro({
      'GET /api/via-cep/cep/99999999': () => json(404, { status: 404, message: MSG.cepNaoEncontrado }),
    });
    await user.type(campo('CEP'), '99999999');
    await user.tab();
    expect(await screen.findByText(MSG.cepNaoEncontrado)).toBeInTheDocument();
    expect(campo('Logradouro')).toHaveValue('');
  });

  it.each([
    ['the lookup service fails', () => json(503, { status: 503, message: MSG.cepIndisponivel })],
    ['the server is out of reach', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('when %s, says the CEP lookup is unavailable and the address is typed by hand', async (_caso, falha) => {
    const { user } = await abrirCadastro({ 'GET /api/via-cep/cep/01001000': falha });
    await user.type(campo('CEP'), '01001000');
    await user.tab();
    expect(await screen.findByText(TEXTO_CEP.indisponivel)).toBeInTheDocument();
    expect(campo('CEP')).toHaveAccessibleDescription(TEXTO_CEP.indisponivel);
    expect(screen.getByRole('status')).toHaveTextContent(TEXTO_CEP.indisponivel);
    await user.click(select(/^Estado/));
    await user.click(await screen.findByRole('option', { name: 'São Paulo (SP)' }));
    await user.type(campo('Logradouro'), 'praça da sé');
    await user.type(campo('Bairro'), 'sé');
    expect(campo('Logradouro')).toHaveValue('PRAÇA DA SÉ');
    expect(campo('Bairro')).toHaveValue('SÉ');
    await waitFor(() => expect(select(/^Cidade/)).not.toHaveAttribute('aria-disabled'));
  });

  it('says the levels could not load', async () => {
    await abrirCadastro({ 'GET /api/niveis/select': () => json(503, { status: 503, message: 'Indisponível' }) });
    expect(await screen.findByText(erroCarregar('Nível'))).toBeInTheDocument();
  });

  it('edits a user: a new state clears the city and loads its own cities', async () => {
    const net = stubFetch({
      ...lookups,
      'GET /api/usuarios/7': () => json(200, MARIA),
      'POST /api/usuarios': () => json(200, MARIA),
      'GET /api/usuarios': () =>
        json(200, { content: [], number: 0, size: 10, totalElements: 0, totalPages: 0, first: true, last: true, numberOfElements: 0 }),
    });
    loginAs();
    const { user, location } = renderApp('/admin/usuarios/editar/7');

    expect(await screen.findByRole('textbox', { name: /^Nome/ }, { timeout: 5000 })).toHaveValue('MARIA SILVA');
    expect(campo(/^CPF/)).toHaveValue('529.982.247-25');
    expect(campo('Data de Nascimento')).toHaveValue('20/05/1990');
    expect(campo(/^Celular/)).toHaveValue('(11) 9 8765-4321');
    expect(campo('Telefone Comercial')).toHaveValue('(11) 3333-4444');
    expect(campo('CEP')).toHaveValue('01001-000');
    expect(screen.queryByText('O usuário receberá um e-mail com um link para criar a senha de acesso.')).not.toBeInTheDocument();
    await waitFor(() => expect(select(/^Cidade/)).toHaveTextContent('São Paulo'));

    await user.click(select(/^Estado/));
    await user.click(await screen.findByRole('option', { name: 'Rio de Janeiro (RJ)' }));
    expect(select(/^Cidade/)).not.toHaveTextContent('São Paulo');
    await waitFor(() => expect(net.calls('GET /api/cidades/select/19')).toHaveLength(1));
    await user.click(select(/^Cidade/));
    const opcoes = await screen.findByRole('listbox');
    expect(within(opcoes).getByRole('option', { name: 'Rio de Janeiro' })).toBeInTheDocument();
    expect(within(opcoes).queryByRole('option', { name: 'Campinas' })).not.toBeInTheDocument();
    await user.click(within(opcoes).getByRole('option', { name: 'Rio de Janeiro' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(location()).toBe('/admin/usuarios'));
    expect(JSON.parse(net.calls('POST /api/usuarios')[0]?.body ?? '')).toMatchObject({
      id: 7,
      dataNascimento: '1990-05-20',
      estadoId: 19,
      cidadeId: 3304557,
    });
  });

  it('puts a duplicate e-mail on its field', async () => {
    stubFetch({
      ...lookups,
      'GET /api/usuarios/7': () => json(200, MARIA),
      'POST /api/usuarios': () =>
        json(409, { status: 409, message: 'Conflito', errors: [{ campo: 'email', message: MSG.emailJaCadastrado }] }),
    });
    loginAs();
    const { user, location } = renderApp('/admin/usuarios/editar/7');
    await screen.findByRole('textbox', { name: /^Nome/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.emailJaCadastrado)).toBeInTheDocument();
    expect(campo(/^E-mail/)).toHaveAccessibleDescription(MSG.emailJaCadastrado);
    expect(location()).toBe('/admin/usuarios/editar/7');
  });

  it('shows any other save error in a snackbar', async () => {
    stubFetch({
      ...lookups,
      'GET /api/usuarios/7': () => json(200, MARIA),
      'POST /api/usuarios': () => json(422, { status: 422, message: MSG.cidadeForaDoEstado }),
    });
    loginAs();
    const { user } = renderApp('/admin/usuarios/editar/7');
    await screen.findByRole('textbox', { name: /^Nome/ }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(MSG.cidadeForaDoEstado)).toBeInTheDocument();
  });

  it('says when the user cannot be loaded', async () => {
    stubFetch(lookups);
    loginAs();
    renderApp('/admin/usuarios/editar/99');
    expect(await screen.findByRole('link', { name: 'Voltar' }, { timeout: 5000 })).toHaveAttribute('href', '/admin/usuarios');
    expect(screen.getAllByText(MSG.erroCarregarRegistro).length).toBeGreaterThan(0);
  });
});
