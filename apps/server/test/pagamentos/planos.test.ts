import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PER } from '@rastro/shared/permissoes';
import { criarCliente, criarNivel, criarUsuarioLogado } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

let app: TestApp;
let admin: Record<string, string>;
let cliente: Record<string, string>;
let semPagamentos: Record<string, string>;

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  cliente = bearer((await criarCliente(app)).token);
  semPagamentos = bearer((await criarUsuarioLogado(app, { nivelId: await criarNivel(app, 'SÓ CHIPS', [PER.CHIPS]) })).token);
});
afterAll(async () => {
  await app.fechar();
});

const pedir = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: Record<string, unknown>,
) => (payload === undefined ? app.inject({ method, url, headers }) : app.inject({ method, url, headers, payload }));
const erros = (r: { json: <T>() => T }) => r.json<{ errors?: { campo: string; message: string }[] }>().errors;

describe('planos (/api/planos)', () => {
  it('an administrator of payments creates, changes and deactivates a plan; owners list only the active, cheapest first', async () => {
    const anual = await pedir('POST', '/api/planos', admin, { nome: 'Anual', valorCentavos: 29900, periodo: 'ANUAL', diasCarencia: 15 });
    expect(anual.statusCode).toBe(201);
    expect(anual.json()).toEqual({
      id: expect.any(Number) as number,
      nome: 'Anual',
      descricao: null,
      valorCentavos: 29900,
      periodo: 'ANUAL',
      diasCarencia: 15,
      ativo: true,
      dataCadastro: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    const mensal = await pedir('POST', '/api/planos', admin, {
      nome: 'Mensal',
      descricao: 'Chip e localização ilimitada',
      valorCentavos: 2990,
      periodo: 'MENSAL',
    });
    expect(mensal.json()).toMatchObject({ diasCarencia: 7, descricao: 'Chip e localização ilimitada' });
    const idMensal = mensal.json<{ id: number }>().id;
    const idAnual = anual.json<{ id: number }>().id;

    const vistos = await pedir('GET', '/api/planos', cliente);
    expect(vistos.statusCode).toBe(200);
    expect(vistos.json<{ id: number }[]>().map((p) => p.id)).toEqual([idMensal, idAnual]);

    const alterado = await pedir('PUT', `/api/planos/${idMensal}`, admin, { nome: 'Mensal', valorCentavos: 3490, periodo: 'MENSAL' });
    expect(alterado.json()).toMatchObject({ id: idMensal, valorCentavos: 3490, descricao: null });

    const inativo = await pedir('DELETE', `/api/planos/${idAnual}`, admin);
    expect(inativo.statusCode).toBe(200);
    expect(inativo.json()).toMatchObject({ id: idAnual, ativo: false, valorCentavos: 29900 });
    expect((await pedir('GET', '/api/planos', cliente)).json<{ id: number }[]>().map((p) => p.id)).toEqual([idMensal]);
    const todos = await pedir('GET', '/api/planos?inativos=true', admin);
    expect(todos.json<{ id: number; ativo: boolean }[]>().map((p) => [p.id, p.ativo])).toEqual([
      [idMensal, true],
      [idAnual, false],
    ]);
    expect((await pedir('GET', `/api/planos/${idAnual}`, admin)).json()).toMatchObject({ ativo: false });
  });

  it('only PER300 changes plans or sees the inactive ones; a visitor sees nothing', async () => {
    const corpo = { nome: 'Pirata', valorCentavos: 1, periodo: 'MENSAL' };
    for (const h of [cliente, semPagamentos]) {
      expect((await pedir('POST', '/api/planos', h, corpo)).statusCode).toBe(403);
      expect((await pedir('PUT', '/api/planos/1', h, corpo)).statusCode).toBe(403);
      expect((await pedir('DELETE', '/api/planos/1', h)).statusCode).toBe(403);
      expect((await pedir('GET', '/api/planos/1', h)).statusCode).toBe(403);
      expect((await pedir('GET', '/api/planos?inativos=true', h)).statusCode).toBe(403);
    }
    expect((await pedir('GET', '/api/planos', {})).statusCode).toBe(401);
    expect((await pedir('GET', '/api/planos', semPagamentos)).statusCode).toBe(200);
  });

  it('validates with pt-BR messages: money in whole centavos, a known period, grace days in range', async () => {
    const r = await pedir('POST', '/api/planos', admin, { nome: '', valorCentavos: 29.9, periodo: 'SEMANAL', diasCarencia: 90 });
    expect(r.statusCode).toBe(400);
    expect(erros(r)).toEqual([
      { campo: 'nome', message: 'Campo obrigatório.' },
      { campo: 'valorCentavos', message: 'Informe o valor em centavos, de R$ 1,00 a R$ 100.000,00.' },
      { campo: 'periodo', message: 'Campo inválido.' },
      { campo: 'diasCarencia', message: 'Informe de 0 a 60 dias de carência.' },
    ]);
    expect(erros(await pedir('POST', '/api/planos', admin, { nome: 'X', valorCentavos: 99, periodo: 'MENSAL' }))).toEqual([
      { campo: 'valorCentavos', message: 'Informe o valor em centavos, de R$ 1,00 a R$ 100.000,00.' },
    ]);
    expect(erros(await pedir('POST', '/api/planos', admin, { nome: 'X', periodo: 'MENSAL' }))).toEqual([
      { campo: 'valorCentavos', message: 'Campo obrigatório.' },
    ]);
    expect((await pedir('PUT', '/api/planos/999999', admin, { nome: 'X', valorCentavos: 100, periodo: 'MENSAL' })).statusCode).toBe(404);
    expect((await pedir('DELETE', '/api/planos/999999', admin)).statusCode).toBe(404);
    expect((await pedir('GET', '/api/planos?inativos=talvez', admin)).statusCode).toBe(400);
  });
});
