import { MSG } from '@rastro/shared/messages';
import type { UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente } from '../apoio/fixtures';

let app: TestApp;
let admin: Record<string, string>;
let ana: { id: number; h: Record<string, string> };
let bia: { id: number; h: Record<string, string> };
let sp = { estadoId: 0, cidadeId: 0 };

const conta = (over: Record<string, unknown> = {}) => ({
  nome: 'OUTRO NOME',
  email: 'outro@rastro.test',
  dataNascimento: '1990-01-01',
  nivelId: 1,
  cpf: '529.982.247-25',
  rg: '12.345.678-9',
  sexo: 'FEMININO',
  telefoneCelular: '(11) 9 8765-4321',
  telefoneResidencial: '',
  telefoneComercial: '(11) 3333-4444',
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  complemento: 'Apto 1',
  bairro: 'Bela Vista',
  referencia: '',
  estadoId: sp.estadoId,
  cidadeId: sp.cidadeId,
  ...over,
});

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  const a = await criarCliente(app, 'ANA');
  const b = await criarCliente(app, 'BIA');
  ana = { id: a.id, h: bearer(a.token) };
  bia = { id: b.id, h: bearer(b.token) };
  const estados = (await app.inject({ method: 'GET', url: '/api/estados/select', headers: ana.h })).json<{ id: number; nome: string }[]>();
  const estadoId = estados.find((e) => e.nome === 'São Paulo')?.id ?? 0;
  const cidades = (await app.inject({ method: 'GET', url: `/api/cidades/select/${estadoId}`, headers: ana.h })).json<
    { id: number; nome: string }[]
  >();
  sp = { estadoId, cidadeId: cidades.find((c) => c.nome === 'São Paulo')?.id ?? 0 };
});
afterAll(() => app.fechar());

describe('my account', () => {
  it('reads only my own data (PER2 may read anyone’s)', async () => {
    const eu = await app.inject({ method: 'GET', url: `/users/${ana.id}`, headers: ana.h });
    expect(eu.statusCode).toBe(200);
    expect(eu.json<UsuarioDetalhe>()).toMatchObject({ id: ana.id, nome: 'ANA', cpf: null });
    expect(eu.body).not.toContain('senha');
    expect((await app.inject({ method: 'GET', url: `/users/${ana.id}`, headers: bia.h })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/users/${ana.id}`, headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/users/${ana.id}` })).statusCode).toBe(401);
  });

  it('updates contact and address, never name, e-mail, birth date or level; the CPF is set once', async () => {
    const res = await app.inject({ method: 'POST', url: '/users', headers: ana.h, payload: conta() });
    expect(res.statusCode).toBe(200);
    expect(res.json<UsuarioDetalhe>()).toMatchObject({
      id: ana.id,
      nome: 'ANA',
      dataNascimento: null,
      cpf: '52998224725',
      sexo: 'FEMININO',
      telefoneCelular: '11987654321',
      telefoneResidencial: null,
      cep: '01310100',
      logradouro: 'Avenida Paulista',
      uf: 'SP',
      cidadeId: sp.cidadeId,
    });
    expect(res.json<UsuarioDetalhe>().email).not.toBe('outro@rastro.test');
    const denovo = await app.inject({
      method: 'POST',
      url: '/users',
      headers: ana.h,
      payload: conta({ cpf: '390.533.447-05', numero: '2000' }),
    });
    expect(denovo.json<UsuarioDetalhe>()).toMatchObject({ cpf: '52998224725', numero: '2000' });
  });

  it('answers field errors in Portuguese', async () => {
    const invalido = await app.inject({
      method: 'POST',
      url: '/users',
      headers: bia.h,
      payload: conta({ cpf: '123.456.789-00', telefoneCelular: '' }),
    });
    expect(invalido.statusCode).toBe(400);
    expect(invalido.json<{ errors: { campo: string; message: string }[] }>().errors).toEqual(
      expect.arrayContaining([
        { campo: 'cpf', message: MSG.cpfInvalido },
        { campo: 'telefoneCelular', message: MSG.campoObrigatorio },
      ]),
    );
    const repetido = await app.inject({ method: 'POST', url: '/users', headers: bia.h, payload: conta() });
    expect(repetido.json()).toMatchObject({ status: 409, errors: [{ campo: 'cpf', message: MSG.cpfJaCadastrado }] });
    const foraDoEstado = await app.inject({
      method: 'POST',
      url: '/users',
      headers: bia.h,
      payload: conta({ cpf: '390.533.447-05', estadoId: sp.estadoId + 1 }),
    });
    expect(foraDoEstado.json()).toMatchObject({ errors: [{ campo: 'cidadeId', message: MSG.cidadeForaDoEstado }] });
  });
});
