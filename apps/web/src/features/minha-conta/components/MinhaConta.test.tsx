import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { iniciarEmulacao } from '@/lib/sessao';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { adminToken, clientToken, loginAs, renderApp } from '@/testing/render-app';

const MARIA: UsuarioDetalhe = {
  id: 2,
  nome: 'MARIA CLIENTE',
  email: 'maria@exemplo.com',
  cpf: '52998224725',
  dataNascimento: '1990-05-20',
  rg: '123456',
  sexo: 'FEMININO',
  telefoneCelular: '11987654321',
  telefoneResidencial: null,
  telefoneComercial: '1133334444',
  cep: '01001000',
  logradouro: 'PRAÇA DA SÉ',
  numero: '10',
  complemento: '',
  bairro: 'SÉ',
  referencia: null,
  estadoId: 25,
  cidadeId: 3550308,
  uf: 'SP',
  nivelId: 2,
  nivelNome: 'Cliente',
  situacao: true,
  dataCadastro: '2024-03-05T14:30:00-03:00',
};

const lookups: Record<string, StubHandler> = {
  'GET /api/estados/select': () =>
    json(200, [
      { id: 19, nome: 'Rio de Janeiro', uf: 'RJ' },
      { id: 25, nome: 'São Paulo', uf: 'SP' },
    ]),
  'GET /api/cidades/select/19': () => json(200, [{ id: 3304557, nome: 'Rio de Janeiro' }]),
  'GET /api/cidades/select/25': () =>
    json(200, [
      { id: 3509502, nome: 'Campinas' },
      { id: 3550308, nome: 'São Paulo' },
    ]),
};

const campo = (name: string | RegExp) => screen.getByRole('textbox', { name });
const select = (name: RegExp) => screen.getByRole('combobox', { name });

async function abrir(usuario: UsuarioDetalhe = MARIA, handlers: Record<string, StubHandler> = {}) {
  const net = stubFetch({ ...lookups, [`GET /users/${usuario.id}`]: () => json(200, usuario), ...handlers });
  loginAs(clientToken);
  const app = renderApp('/user/minha-conta');
  await screen.findByRole('form', { name: 'Minha conta' }, { timeout: 5000 });
  return { ...app, net };
}

describe('minha conta', () => {
  it('loads the user: name, birth date, e-mail and a set CPF are read-only', async () => {
    const { net } = await abrir();
    expect(net.calls('GET /users/2')).toHaveLength(1);
    expect(campo('Nome')).toHaveValue('MARIA CLIENTE');
    expect(campo('Nome')).toBeDisabled();
    expect(campo('Data de Nascimento')).toHaveValue('20/05/1990');
    expect(campo('Data de Nascimento')).toBeDisabled();
    expect(campo('E-mail')).toHaveValue('maria@exemplo.com');
    expect(campo('E-mail')).toBeDisabled();
    expect(campo('CPF')).toHaveValue('529.982.247-25');
    expect(campo('CPF')).toBeDisabled();
    expect(campo('RG')).toBeEnabled();
    expect(select(/^Sexo/)).toHaveTextContent('Feminino');
    expect(campo(/^Celular/)).toHaveValue('(11) 9 8765-4321');
    expect(campo('Telefone Residencial')).toHaveValue('');
    expect(campo('Telefone Comercial')).toHaveValue('(11) 3333-4444');
    expect(campo('CEP')).toHaveValue('01001-000');
    expect(campo('Logradouro')).toHaveValue('PRAÇA DA SÉ');
    expect(campo('Número')).toHaveValue('10');
    expect(campo('Bairro')).toHaveValue('SÉ');
    await waitFor(() => expect(select(/^Estado/)).toHaveTextContent('São Paulo (SP)'));
    await waitFor(() => expect(select(/^Cidade/)).toHaveTextContent('São Paulo'));
    expect(screen.getByRole('button', { name: 'Atualizar' })).toBeInTheDocument();
  });

  it('has a side card with the name, the e-mail and the slogan', async () => {
    await abrir();
    const card = screen.getByRole('complementary', { name: 'MARIA CLIENTE' });
    expect(within(card).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(within(card).getByText(MSG.slogan)).toBeInTheDocument();
  });

  it('lets a user without a CPF fill it in, and checks it', async () => {
    const { user, net } = await abrir({ ...MARIA, cpf: null });
    const cpf = campo(/^CPF/);
    expect(cpf).toBeEnabled();
    expect(cpf).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG.campoObrigatorio)).toBeInTheDocument();
    await user.type(cpf, '11111111111');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG.cpfInvalido)).toBeInTheDocument();
    expect(net.calls('POST /users')).toHaveLength(0);
  });

  it('fills the address from the CEP', async () => {
    const { user, net } = await abrir(MARIA, {
      'GET /api/via-cep/cep/20040002': () =>
        json(200, {
          cep: '20040-002',
          logradouro: 'Rua da Assembleia',
          complemento: 'até 99',
          bairro: 'Centro',
          estado: 'RJ',
          cidade: 'Rio de Janeiro',
          estadoId: 19,
          cidadeId: 3304557,
        }),
    });
    const cep = campo('CEP');
    await user.clear(cep);
    await user.type(cep, '20040002');
    await user.tab();

    await waitFor(() => expect(campo('Logradouro')).toHaveValue('RUA DA ASSEMBLEIA'));
    expect(campo('Complemento')).toHaveValue('ATÉ 99');
    expect(campo('Bairro')).toHaveValue('CENTRO');
    expect(select(/^Estado/)).toHaveTextContent('Rio de Janeiro (RJ)');
    await waitFor(() => expect(select(/^Cidade/)).toHaveTextContent('Rio de Janeiro'));
    expect(net.calls('GET /api/cidades/select/19')).toHaveLength(1);
  });

  it('Atualizar sends the data and says it was updated', async () => {
    const { user, net } = await abrir(MARIA, {
      'POST /users': () =>
        json(200, { ...MARIA, rg: 'MG123', sexo: null, telefoneResidencial: '1130000000', referencia: 'PERTO DA CATEDRAL' }),
    });
    await user.clear(campo('RG'));
    await user.type(campo('RG'), 'mg123');
    await user.click(select(/^Sexo/));
    await user.click(await screen.findByRole('option', { name: 'Selecione' }));
    await user.type(campo('Telefone Residencial'), '1130000000');
    await user.type(campo('Referência'), 'perto da catedral');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));

    expect(await screen.findByText(MSG.dadosAtualizados)).toBeInTheDocument();
    const body: unknown = JSON.parse(net.calls('POST /users')[0]?.body ?? '');
    expect(body).toMatchObject({
      id: 2,
      nivelId: 2,
      nome: 'MARIA CLIENTE',
      email: 'maria@exemplo.com',
      dataNascimento: '1990-05-20',
      cpf: '529.982.247-25',
      rg: 'MG123',
      sexo: null,
      telefoneCelular: '(11) 9 8765-4321',
      telefoneResidencial: '(11) 3000-0000',
      telefoneComercial: '(11) 3333-4444',
      cep: '01001-000',
      logradouro: 'PRAÇA DA SÉ',
      numero: '10',
      bairro: 'SÉ',
      referencia: 'PERTO DA CATEDRAL',
      estadoId: 25,
      cidadeId: 3550308,
    });
    // The form now shows what the server stored.
    expect(campo('RG')).toHaveValue('MG123');
    expect(campo('Telefone Residencial')).toHaveValue('(11) 3000-0000');
    expect(net.calls('POST /users')).toHaveLength(1);
  });

  it('puts a server field error on its field, and shows other failures in a snackbar', async () => {
    let resposta = json(409, { status: 409, message: 'Conflito', errors: [{ campo: 'cpf', message: MSG.cpfJaCadastrado }] });
    const { user } = await abrir({ ...MARIA, cpf: null }, { 'POST /users': () => resposta });
    await user.type(campo(/^CPF/), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG.cpfJaCadastrado)).toBeInTheDocument();
    expect(campo(/^CPF/)).toHaveAccessibleDescription(MSG.cpfJaCadastrado);

    resposta = new Response('', { status: 503 });
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText(MSG.servicoIndisponivel)).toBeInTheDocument();
    expect(screen.queryByText(MSG.dadosAtualizados)).not.toBeInTheDocument();
  });

  it('says when the account cannot be loaded', async () => {
    stubFetch({ ...lookups, 'GET /users/2': () => json(503, { status: 503, message: 'Indisponível' }) });
    loginAs(clientToken);
    renderApp('/user/minha-conta');
    expect(await screen.findByRole('link', { name: 'Voltar' }, { timeout: 5000 })).toHaveAttribute('href', '/user/mapa');
    expect(screen.getAllByText(MSG.erroCarregarRegistro).length).toBeGreaterThan(0);
    expect(screen.queryByRole('form', { name: 'Minha conta' })).not.toBeInTheDocument();
  });

  it('shows the emulated user’s account while emulating', async () => {
    const net = stubFetch({ ...lookups, 'GET /users/2': () => json(200, MARIA) });
    loginAs(adminToken);
    iniciarEmulacao({ usuarioId: 2, nome: 'MARIA CLIENTE', authorities: [], isClient: true });
    renderApp('/user/minha-conta');
    expect(await screen.findByRole('textbox', { name: 'Nome' }, { timeout: 5000 })).toHaveValue('MARIA CLIENTE');
    expect(net.calls('GET /users/1')).toHaveLength(0);
    expect(net.calls('GET /users/2')[0]?.headers.get('X-Usuario-Emulado')).toBe('2');
  });
});
