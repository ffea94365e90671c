import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { cpfValido } from '@rastro/testes/cpf';
import { criarCliente } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/** Optional means the key may be left out or sent as null, on every form of the API. */
let app: TestApp;
let admin: Record<string, string>;
let clienteNivel = 0;

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  const niveis = (await app.inject({ method: 'GET', url: '/api/niveis/select', headers: admin })).json<{ id: number; nome: string }[]>();
  clienteNivel = niveis.find((n) => n.nome === 'Cliente')?.id ?? 0;
});
afterAll(async () => {
  await app.fechar();
});

const OPCIONAIS = [
  'rg',
  'sexo',
  'telefoneResidencial',
  'telefoneComercial',
  'cep',
  'logradouro',
  'numero',
  'complemento',
  'bairro',
  'referencia',
  'estadoId',
  'cidadeId',
] as const;
const nulos = Object.fromEntries(OPCIONAIS.map((c) => [c, null]));

const guardado = async (email: string) =>
  (
    await consultar<Record<string, unknown>>(
      app.database.db,
      sql`select rg, sexo, telefone_residencial, cep, logradouro, estado_id, cidade_id, data_nascimento from usuarios where lower(email) = ${email}`,
    )
  )[0];
const vazio = {
  rg: null,
  sexo: null,
  telefone_residencial: null,
  cep: null,
  logradouro: null,
  estado_id: null,
  cidade_id: null,
  data_nascimento: null,
};

describe('optional fields may be left out or null', () => {
  it('an administrator creates a user with only the required fields, or with the optional ones null', async () => {
    const minimo = {
      nome: 'SEM OPCIONAIS',
      email: 'sem.opcionais@rastro.test',
      cpf: cpfValido(101),
      nivelId: clienteNivel,
      telefoneCelular: '(11) 9 8765-4321',
    };
    const res = await app.inject({ method: 'POST', url: '/api/usuarios', headers: admin, payload: minimo });
    expect(res.statusCode, res.body).toBe(201);
    expect(await guardado('sem.opcionais@rastro.test')).toEqual(vazio);

    const comNulos = { ...minimo, id: null, email: 'com.nulos@rastro.test', cpf: cpfValido(102), dataNascimento: null, ...nulos };
    const res2 = await app.inject({ method: 'POST', url: '/api/usuarios', headers: admin, payload: comNulos });
    expect(res2.statusCode, res2.body).toBe(201);
    expect(await guardado('com.nulos@rastro.test')).toEqual(vazio);
  });

  it('an owner saves Minha conta without the optional fields, or with them null', async () => {
    const dono = await criarCliente(app);
    const h = bearer(dono.token);
    const semNada = await app.inject({
      method: 'POST',
      url: '/users',
      headers: h,
      payload: { cpf: cpfValido(103), telefoneCelular: '(11) 9 8765-4321' },
    });
    expect(semNada.statusCode, semNada.body).toBe(200);
    const nulo = await app.inject({
      method: 'POST',
      url: '/users',
      headers: h,
      payload: { cpf: cpfValido(103), telefoneCelular: '(11) 9 8765-4321', nome: null, email: null, ...nulos },
    });
    expect(nulo.statusCode, nulo.body).toBe(200);
    expect(await guardado(dono.email.toLowerCase())).toMatchObject({ rg: null, sexo: null, cep: null, estado_id: null });
  });

  it('"localizar agora" for every tracker takes a null id as no id', async () => {
    const dono = await criarCliente(app);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/usuarios/rastreadores/sincronizar',
      headers: bearer(dono.token),
      payload: { usuarioRastreadorId: null },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a value that is there is still checked', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/usuarios',
      headers: admin,
      payload: {
        nome: 'RG LONGO',
        email: 'rg.longo@rastro.test',
        cpf: cpfValido(104),
        nivelId: clienteNivel,
        telefoneCelular: '(11) 9 8765-4321',
        rg: '1'.repeat(16),
        cep: '123',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Máximo de 15 caracteres');
    expect(res.body).toContain('CEP');
  });
});
