import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, type TestApp } from '../apoio/helpers';
import { criarCliente } from '../apoio/fixtures';
import { portaLivre } from '../apoio/net';
import { iniciarViaCep } from '@rastro/testes/viacep-fake';

let app: TestApp;
let h: Record<string, string>;
let viacep: Awaited<ReturnType<typeof iniciarViaCep>>;
beforeAll(async () => {
  viacep = await iniciarViaCep();
  app = await criarApp({ VIACEP_URL: viacep.url });
  h = bearer((await criarCliente(app)).token);
});
afterAll(async () => {
  await app.fechar();
  await viacep.fechar();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: h });

describe('lookups', () => {
  it("lists the 27 states and each state's municipalities, in name order", async () => {
    const estados = (await get('/api/estados/select')).json<{ id: number; nome: string; uf: string }[]>();
    expect(estados).toHaveLength(27);
    expect(estados[0]).toMatchObject({ nome: 'Acre', uf: 'AC' });
    const sp = estados.find((e) => e.uf === 'SP');
    const cidades = (await get(`/api/cidades/select/${sp?.id}`)).json<{ nome: string }[]>();
    expect(cidades).toHaveLength(645);
    expect(cidades[0]?.nome).toBe('Adamantina');
    expect((await get('/api/cidades/select/abc')).statusCode).toBe(400);
    expect((await get('/api/cidades/select/99999')).json()).toEqual([]);
  });

  it('answers a CEP with the address and our state and city ids, and caches it', async () => {
    const res = await get('/api/via-cep/cep/01310-100');
    expect(res.statusCode).toBe(200);
    const estados = (await get('/api/estados/select')).json<{ id: number; uf: string }[]>();
    const spId = estados.find((e) => e.uf === 'SP')?.id;
    const cidades = (await get(`/api/cidades/select/${spId}`)).json<{ id: number; nome: string }[]>();
    expect(res.json()).toEqual({
      cep: '01310-100',
      logradouro: 'Avenida Paulista',
      complemento: 'de 612 a 1510 - lado par',
      bairro: 'Bela Vista',
      estado: 'SP',
      cidade: 'São Paulo',
      estadoId: spId,
      cidadeId: cidades.find((c) => c.nome === 'São Paulo')?.id,
    });
    const antes = viacep.pedidos.length;
    expect((await get('/api/via-cep/cep/01310100')).json<{ bairro: string }>().bairro).toBe('Bela Vista');
    expect(viacep.pedidos.length).toBe(antes);
  });

  it('says a CEP does not exist whether ViaCEP answers erro true or "true"', async () => {
    for (const cep of ['99999999', '99999998', '12345678']) {
      const res = await get(`/api/via-cep/cep/${cep}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'CEP não encontrado.' });
    }
    expect((await get('/api/via-cep/cep/123')).statusCode).toBe(400);
  });

  it('answers a clear 503 when ViaCEP fails, hangs past 3 s or cannot be reached', async () => {
    const falha = await get('/api/via-cep/cep/77777777');
    expect(falha.statusCode).toBe(503);
    expect(falha.json()).toEqual({ status: 503, message: 'Não foi possível consultar o CEP agora. Tente novamente em instantes.' });
    const inicio = Date.now();
    const lento = await get('/api/via-cep/cep/88888888');
    expect(lento.statusCode).toBe(503);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(2900);

    const fora = await criarApp({ VIACEP_URL: `http://127.0.0.1:${await portaLivre()}/ws` });
    try {
      const res = await fora.inject({ method: 'GET', url: '/api/via-cep/cep/20040002', headers: bearer((await criarCliente(fora)).token) });
      expect(res.statusCode).toBe(503);
    } finally {
      await fora.fechar();
    }
  });

  it('requires a session', async () => {
    expect((await app.inject('/api/estados/select')).statusCode).toBe(401);
    expect((await app.inject('/api/via-cep/cep/01310100')).statusCode).toBe(401);
  });
});
