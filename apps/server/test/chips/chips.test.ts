import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

let app: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  app = await criarApp();
  h = bearer(await entrar(app));
});
afterAll(async () => {
  await app.fechar();
});

const salvar = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/chips', headers: h, payload });
const listar = (qs: string) => app.inject({ method: 'GET', url: `/api/chips?${qs}`, headers: h });

describe('chips', () => {
  it('creates, reads, updates and lists with the spec columns', async () => {
    const criado = await salvar({ descricao: 'VIVO PRE', numero: '(11) 9 8765-4321' });
    expect(criado.statusCode).toBe(201);
    const chip = criado.json<{ id: number }>();
    expect(criado.json()).toEqual({
      id: chip.id,
      descricao: 'VIVO PRE',
      numero: '11987654321',
      situacao: 'A',
      usuarioCadastroNome: 'ADMINISTRADOR',
      dataCadastro: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
    const alterado = await salvar({ id: chip.id, descricao: 'VIVO CONTROLE', numero: '11987654321' });
    expect(alterado.statusCode).toBe(200);
    expect(alterado.json<{ descricao: string }>().descricao).toBe('VIVO CONTROLE');
    expect((await app.inject({ method: 'GET', url: `/api/chips/${chip.id}`, headers: h })).json<{ descricao: string }>().descricao).toBe(
      'VIVO CONTROLE',
    );
    expect((await salvar({ id: 999999, descricao: 'X', numero: '11987654321' })).statusCode).toBe(404);
  });

  it('requires descricao and numero with the spec message', async () => {
    const res = await salvar({ descricao: '', numero: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ errors: unknown }>().errors).toEqual([
      { campo: 'descricao', message: 'Campo obrigatório.' },
      { campo: 'numero', message: 'Campo obrigatório.' },
    ]);
    expect((await salvar({ descricao: 'X', numero: '123' })).json<{ errors: unknown }>().errors).toEqual([
      { campo: 'numero', message: 'Telefone inválido.' },
    ]);
    expect((await salvar({ descricao: 'X'.repeat(151), numero: '11987654321' })).json<{ errors: unknown }>().errors).toEqual([
      { campo: 'descricao', message: 'Máximo de 150 caracteres.' },
    ]);
  });

  it('filters by código, descrição and número, pages and orders', async () => {
    for (let i = 1; i <= 12; i++)
      await salvar({ descricao: `CLARO ${String(i).padStart(2, '0')}`, numero: `2199999${String(i).padStart(4, '0')}` });
    const pag = await listar('descricao=claro&size=5&page=1&orderBy=descricao&orderDirection=desc');
    const page = pag.json<{
      content: { descricao: string }[];
      totalElements: number;
      totalPages: number;
      number: number;
      first: boolean;
      last: boolean;
      numberOfElements: number;
    }>();
    expect(page).toMatchObject({ totalElements: 12, totalPages: 3, number: 1, first: false, last: false, numberOfElements: 5 });
    expect(page.content.map((c) => c.descricao)).toEqual(['CLARO 07', 'CLARO 06', 'CLARO 05', 'CLARO 04', 'CLARO 03']);
    const porNumero = await listar(`numero=${encodeURIComponent('(21) 9 9999-0003')}`);
    expect(porNumero.json<{ content: { numero: string }[] }>().content.map((c) => c.numero)).toEqual(['21999990003']);
    const id = page.content.length ? (await listar('descricao=CLARO 01')).json<{ content: { id: number }[] }>().content[0]?.id : 0;
    expect((await listar(`codigo=${id}`)).json<{ totalElements: number }>().totalElements).toBe(1);
    expect((await listar('codigo=12a')).statusCode).toBe(400);
    expect((await listar('codigo=123456')).json<{ message: string }>().message).toBe('Máximo de 5 caracteres.');
    expect((await listar('descricao=nada-disso')).json<{ content: unknown[]; totalElements: number }>()).toMatchObject({
      content: [],
      totalElements: 0,
    });
    expect((await listar('descricao=100%25')).json<{ totalElements: number }>().totalElements).toBe(0);
  });

  it('inactivates and activates; only active chips free of trackers are available', async () => {
    const a = (await salvar({ descricao: 'LIVRE', numero: '31988887777' })).json<{ id: number }>().id;
    const b = (await salvar({ descricao: 'EM USO', numero: '31988886666' })).json<{ id: number }>().id;
    await app.inject({
      method: 'POST',
      url: '/api/rastreadores',
      headers: h,
      payload: { imei: '359339080000001', protocolo: 'TOPIN', chipId: b },
    });

    const ids = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: h })).json<{ id: number; text: string }[]>().map((c) => c.id);
    expect(await ids('/api/chips/select/disponiveis')).toContain(a);
    expect(await ids('/api/chips/select/disponiveis')).not.toContain(b);
    expect(await ids('/api/chips/select')).toEqual(expect.arrayContaining([a, b]));
    const item = (await app.inject({ method: 'GET', url: '/api/chips/select', headers: h }))
      .json<{ id: number; text: string }[]>()
      .find((c) => c.id === a);
    expect(item?.text).toBe('(31) 9 8888-7777 - LIVRE');

    const inativo = await app.inject({ method: 'DELETE', url: `/api/chips/inativar/${a}`, headers: h });
    expect(inativo.json<{ situacao: string }>().situacao).toBe('I');
    expect(await ids('/api/chips/select/disponiveis')).not.toContain(a);
    const ativo = await app.inject({ method: 'PUT', url: `/api/chips/ativar/${a}`, headers: h });
    expect(ativo.json<{ situacao: string }>().situacao).toBe('A');
    expect((await app.inject({ method: 'PUT', url: '/api/chips/ativar/999999', headers: h })).statusCode).toBe(404);
  });
});
