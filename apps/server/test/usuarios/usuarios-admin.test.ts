import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { basicCliente, bearer, criarApp, entrar, pedirToken, type TestApp } from '../apoio/helpers';
import { criarCliente } from '../apoio/fixtures';
import { decodificar, iniciarSmtp, linkDeSenha } from '@rastro/testes/smtp';

let app: TestApp;
let h: Record<string, string>;
let smtp: Awaited<ReturnType<typeof iniciarSmtp>>;
let clienteNivel = 0;
let sp = { estadoId: 0, cidadeId: 0, outraCidadeId: 0 };
beforeAll(async () => {
  smtp = await iniciarSmtp();
  app = await criarApp({ SMTP_URL: smtp.url });
  h = bearer(await entrar(app));
  const niveis = (await app.inject({ method: 'GET', url: '/api/niveis/select', headers: h })).json<{ id: number; nome: string }[]>();
  clienteNivel = niveis.find((n) => n.nome === 'Cliente')?.id ?? 0;
  const estados = (await app.inject({ method: 'GET', url: '/api/estados/select', headers: h })).json<{ id: number; uf: string }[]>();
  const spId = estados.find((e) => e.uf === 'SP')?.id ?? 0;
  const rjId = estados.find((e) => e.uf === 'RJ')?.id ?? 0;
  const cidadesSp = (await app.inject({ method: 'GET', url: `/api/cidades/select/${spId}`, headers: h })).json<
    { id: number; nome: string }[]
  >();
  const cidadesRj = (await app.inject({ method: 'GET', url: `/api/cidades/select/${rjId}`, headers: h })).json<
    { id: number; nome: string }[]
  >();
  sp = { estadoId: spId, cidadeId: cidadesSp.find((c) => c.nome === 'São Paulo')?.id ?? 0, outraCidadeId: cidadesRj[0]?.id ?? 0 };
});
afterAll(async () => {
  await app.fechar();
  await smtp.fechar();
});

const form = (o: Record<string, unknown> = {}) => ({
  nome: 'JOANA PEREIRA',
  email: 'joana@rastro.test',
  cpf: '529.982.247-25',
  dataNascimento: '1990-05-20',
  nivelId: clienteNivel,
  rg: '12.345.678-9',
  sexo: 'FEMININO',
  telefoneCelular: '(11) 9 8765-4321',
  telefoneResidencial: '(11) 3333-4444',
  telefoneComercial: '',
  cep: '01310-100',
  logradouro: 'AVENIDA PAULISTA',
  numero: '1000',
  complemento: '',
  bairro: 'BELA VISTA',
  referencia: '',
  estadoId: sp.estadoId,
  cidadeId: sp.cidadeId,
  ...o,
});
const salvar = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/usuarios', headers: h, payload });

describe('admin users', () => {
  it('creates a user and e-mails a first-access link, never a password', async () => {
    const res = await salvar(form());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      nome: 'JOANA PEREIRA',
      email: 'joana@rastro.test',
      cpf: '52998224725',
      dataNascimento: '1990-05-20',
      telefoneCelular: '11987654321',
      telefoneResidencial: '1133334444',
      telefoneComercial: null,
      cep: '01310100',
      uf: 'SP',
      nivelNome: 'Cliente',
      situacao: true,
    });
    const email = await smtp.esperar('joana@rastro.test');
    const texto = decodificar(email.dados);
    expect(texto).toContain('Para o primeiro acesso, crie sua senha pelo link abaixo.');
    const { token } = linkDeSenha(email.dados);
    const definir = await app.inject({
      method: 'POST',
      url: '/users/pass/reseta-senha',
      payload: { senhaNova: 'senha-da-joana', confirmarNovaSenha: 'senha-da-joana', token },
    });
    expect(definir.statusCode).toBe(200);
    expect((await pedirToken(app, 'joana@rastro.test', 'senha-da-joana')).statusCode).toBe(200);
  });

  it('validates CPF, e-mail, age and required fields', async () => {
    const erros = async (o: Record<string, unknown>) =>
      (await salvar(form({ email: 'x@rastro.test', cpf: '111.444.777-35', ...o }))).json<{
        errors?: { campo: string; message: string }[];
      }>().errors;
    expect(await erros({ cpf: '123.456.789-00' })).toEqual([{ campo: 'cpf', message: 'CPF inválido.' }]);
    expect(await erros({ email: 'nao-e-email' })).toEqual([{ campo: 'email', message: 'E-mail inválido.' }]);
    const ano = new Date().getFullYear();
    expect(await erros({ dataNascimento: `${ano - 10}-01-01` })).toEqual([
      { campo: 'dataNascimento', message: 'A data deve ser maior que 18 anos.' },
    ]);
    expect(await erros({ dataNascimento: `${ano + 1}-01-01` })).toEqual([
      { campo: 'dataNascimento', message: 'A data deve ser menor ou igual a hoje.' },
    ]);
    expect(await erros({ dataNascimento: '2001-02-30' })).toEqual([{ campo: 'dataNascimento', message: 'Data inválida.' }]);
    expect(await erros({ nome: '', telefoneCelular: '' })).toEqual([
      { campo: 'nome', message: 'Campo obrigatório.' },
      { campo: 'telefoneCelular', message: 'Campo obrigatório.' },
    ]);
    expect(await erros({ cidadeId: sp.outraCidadeId })).toEqual([
      { campo: 'cidadeId', message: 'A cidade não pertence ao estado informado.' },
    ]);
    expect((await salvar(form({ email: 'y@rastro.test', cpf: '390.533.447-05', dataNascimento: null }))).statusCode).toBe(201);
  });

  it('keeps CPF and e-mail unique', async () => {
    await salvar(form({ email: 'unico@rastro.test', cpf: '862.883.667-57' }));
    const email = await salvar(form({ email: 'UNICO@rastro.test', cpf: '714.287.938-60' }));
    expect(email.statusCode).toBe(409);
    expect(email.json<{ errors: unknown }>().errors).toEqual([{ campo: 'email', message: 'Este e-mail já está cadastrado.' }]);
    const cpf = await salvar(form({ email: 'outro@rastro.test', cpf: '86288366757' }));
    expect(cpf.json<{ errors: unknown }>().errors).toEqual([{ campo: 'cpf', message: 'Este CPF já está cadastrado.' }]);
  });

  it('searches by name, CPF and e-mail, ordered by name', async () => {
    for (const [nome, email, cpf] of [
      ['CARLOS ALVES', 'carlos@rastro.test', '248.438.034-80'],
      ['ANA BRAGA', 'ana.braga@rastro.test', '155.707.118-72'],
      ['BRUNO CASTRO', 'bruno@rastro.test', '168.995.350-09'],
    ] as const) {
      expect((await salvar(form({ nome, email, cpf }))).statusCode).toBe(201);
    }
    const busca = async (qs: string) =>
      (await app.inject({ method: 'GET', url: `/api/usuarios?${qs}`, headers: h }))
        .json<{ content: { nome: string }[] }>()
        .content.map((u) => u.nome);
    const todos = await busca('size=100');
    expect(todos).toEqual([...todos].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(await busca('nome=bra')).toEqual(['ANA BRAGA']);
    expect(await busca('cpf=16899535009')).toEqual(['BRUNO CASTRO']);
    expect(await busca('email=carlos@rastro.test')).toEqual(['CARLOS ALVES']);
    const cpfRuim = await app.inject({ method: 'GET', url: '/api/usuarios?cpf=12345678900', headers: h });
    expect(cpfRuim.json()).toEqual({ status: 400, message: 'CPF inválido.', errors: [{ campo: 'cpf', message: 'CPF inválido.' }] });
    const emailRuim = await app.inject({ method: 'GET', url: '/api/usuarios?email=abc', headers: h });
    expect(emailRuim.json<{ message: string }>().message).toBe('E-mail inválido.');
  });

  it('inactivates a user (ending their sessions) and activates them again', async () => {
    const c = await criarCliente(app);
    const inativo = await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${c.id}`, headers: h });
    expect(inativo.json<{ situacao: boolean }>().situacao).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/api/estados/select', headers: bearer(c.token) })).statusCode).toBe(401);
    expect((await pedirToken(app, c.email, c.senha)).json<{ error: string }>().error).toBe('usuario_inativo');
    const ativo = await app.inject({ method: 'PUT', url: `/api/usuarios/ativar/${c.id}`, headers: h });
    expect(ativo.json<{ situacao: boolean }>().situacao).toBe(true);
    expect((await pedirToken(app, c.email, c.senha)).statusCode).toBe(200);
  });

  it('does not let an administrator inactivate or emulate themself', async () => {
    const me = (
      await app.inject({
        method: 'POST',
        url: '/oauth/check_token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicCliente() },
        payload: `token=${h.authorization?.slice(7)}`,
      })
    ).json<{ usuarioId: number }>().usuarioId;
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${me}`, headers: h })).json<{ message: string }>().message,
    ).toBe('Você não pode inativar o seu próprio usuário.');
    expect((await app.inject({ method: 'GET', url: `/api/usuarios/${me}/emulacao`, headers: h })).statusCode).toBe(400);
  });
});

describe('emulation', () => {
  it('lets a PER2 administrator act as a client, audited with both ids', async () => {
    const c = await criarCliente(app, 'CLIENTE EMULADO');
    const inicio = await app.inject({ method: 'GET', url: `/api/usuarios/${c.id}/emulacao`, headers: h });
    expect(inicio.json()).toEqual({ usuarioId: c.id, nome: 'CLIENTE EMULADO', authorities: [], isClient: true });

    // Acting as the client: admin routes are now refused, the client's own calls work.
    const comoCliente = { ...h, 'x-usuario-emulado': String(c.id) };
    expect((await app.inject({ method: 'GET', url: '/api/chips', headers: comoCliente })).statusCode).toBe(403);
    const senha = await app.inject({
      method: 'PUT',
      url: '/api/usuarios/alterar-senha',
      headers: comoCliente,
      payload: { senhaAtual: 'errada', senhaNova: 'qualquer-coisa', confirmarNovaSenha: 'qualquer-coisa' },
    });
    expect(senha.statusCode).toBe(400);

    const auditoria = await consultar<{ acao: string; usuario_id: number; emulador_id: number; detalhe: { metodo?: string } | null }>(
      app.database.db,
      sql`select acao, usuario_id, emulador_id, detalhe from auditoria where usuario_id = ${c.id} and emulador_id is not null order by id`,
    );
    // Reads are audited too: whose data was seen, by whom.
    expect(auditoria.map((a) => [a.acao, a.detalhe?.metodo])).toEqual([
      ['EMULACAO_INICIO', undefined],
      ['EMULACAO_REQUISICAO', 'GET'],
      ['EMULACAO_REQUISICAO', 'PUT'],
    ]);
    expect(new Set(auditoria.map((a) => a.emulador_id)).size).toBe(1);
  });
});
