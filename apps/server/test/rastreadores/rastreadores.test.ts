import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, vincular } from '../apoio/fixtures';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

let app: TestApp;
let h: Record<string, string>;
let seq = 0;
beforeAll(async () => {
  app = await criarApp();
  h = bearer(await entrar(app));
});
afterAll(async () => {
  await app.fechar();
});

const novoChip = async () =>
  (
    await app.inject({
      method: 'POST',
      url: '/api/chips',
      headers: h,
      payload: { descricao: `CHIP ${++seq}`, numero: `1197777${String(seq).padStart(4, '0')}` },
    })
  ).json<{ id: number }>().id;
const imei = () => `35933908${String(++seq).padStart(7, '0')}`;
const salvar = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/rastreadores', headers: h, payload });

describe('admin trackers', () => {
  it('registers a tracker awaiting its owner, with every list column', async () => {
    const chipId = await novoChip();
    const i = imei();
    const res = await salvar({ imei: i, protocolo: 'TOPIN', chipId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number) as number,
      imei: i,
      rastreadorDescricao: null,
      bateria: null,
      chipId,
      chipNumero: expect.stringMatching(/^1197777/) as string,
      usuarioNome: null,
      dataCadastro: expect.any(String) as string,
      protocolo: 'TOPIN',
      situacao: 'AGUARDANDO_VINCULO',
      situacaoDescricao: 'Aguardando Vínculo',
      situacaoCodigo: 'ATIVO',
      situacaoEnergia: 'LIGADO',
      situacaoEnergiaDescricao: 'Ligado',
      temCodigoAtivacao: false,
      origensAlternadasEm: null,
    });
    const lista = await app.inject({ method: 'GET', url: `/api/rastreadores?imei=${i.slice(-6)}`, headers: h });
    expect(lista.json<{ content: { imei: string }[] }>().content.map((r) => r.imei)).toEqual([i]);
  });

  it('pages and sorts the list with the total on every page, past the last one too', async () => {
    const prefixo = `3593390899${String(++seq).padStart(2, '0')}`;
    const imeis = ['003', '001', '002'].map((x) => prefixo + x);
    for (const i of imeis) expect((await salvar({ imei: i, protocolo: 'TOPIN', chipId: await novoChip() })).statusCode).toBe(201);
    type Pagina = { content: { imei: string }[]; totalElements: number; totalPages: number; last: boolean };
    const pagina = async (q: string) =>
      (await app.inject({ method: 'GET', url: `/api/rastreadores?imei=${prefixo}&size=2&${q}`, headers: h })).json<Pagina>();
    const p0 = await pagina('page=0&orderBy=imei&orderDirection=desc');
    expect(p0.content.map((r) => r.imei)).toEqual([prefixo + '003', prefixo + '002']);
    expect(p0).toMatchObject({ totalElements: 3, totalPages: 2, last: false });
    const p1 = await pagina('page=1&orderBy=imei&orderDirection=desc');
    expect(p1.content.map((r) => r.imei)).toEqual([prefixo + '001']);
    expect(p1).toMatchObject({ totalElements: 3, last: true });
    for (const orderBy of ['situacao', 'situacaoEnergia', 'bateria', 'dataCadastro', 'id']) {
      const p = await pagina(`page=0&orderBy=${orderBy}&orderDirection=desc`);
      expect(p.content, orderBy).toHaveLength(2);
      expect(p.totalElements).toBe(3);
    }
    // Insertion order by id, the default sort.
    expect((await pagina('page=0')).content.map((r) => r.imei)).toEqual([prefixo + '003', prefixo + '001']);
    const alem = await pagina('page=5');
    expect(alem.content).toEqual([]);
    expect(alem.totalElements).toBe(3);
  });

  it('enforces IMEI rules: required, unique, 15 digits for TOPIN', async () => {
    const chipId = await novoChip();
    expect((await salvar({ imei: '', protocolo: 'TOPIN', chipId })).json<{ errors: unknown }>().errors).toEqual([
      { campo: 'imei', message: 'Campo obrigatório.' },
    ]);
    expect((await salvar({ imei: '12345', protocolo: 'TOPIN', chipId })).json<{ errors: unknown }>().errors).toEqual([
      { campo: 'imei', message: 'O IMEI de um rastreador TOPIN deve ter 15 dígitos.' },
    ]);
    expect((await salvar({ imei: '12345', protocolo: 'OUTRO', chipId })).statusCode).toBe(201);
    const dup = await salvar({ imei: '12345', protocolo: 'OUTRO', chipId: await novoChip() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({
      status: 409,
      message: 'Este IMEI já está cadastrado.',
      errors: [{ campo: 'imei', message: 'Este IMEI já está cadastrado.' }],
    });
    const semNada = await salvar({});
    expect(
      semNada
        .json<{ errors: { campo: string; message: string }[] }>()
        .errors.map((e) => e.campo)
        .sort(),
    ).toEqual(['chipId', 'imei', 'protocolo']);
  });

  it('refuses a chip used by another tracker or inactive', async () => {
    const chipId = await novoChip();
    expect((await salvar({ imei: imei(), protocolo: 'TOPIN', chipId })).statusCode).toBe(201);
    const emUso = await salvar({ imei: imei(), protocolo: 'TOPIN', chipId });
    expect(emUso.statusCode).toBe(409);
    expect(emUso.json<{ errors: unknown }>().errors).toEqual([
      { campo: 'chipId', message: 'Este chip já está em uso por outro rastreador.' },
    ]);
    const inativo = await novoChip();
    await app.inject({ method: 'DELETE', url: `/api/chips/inativar/${inativo}`, headers: h });
    expect((await salvar({ imei: imei(), protocolo: 'TOPIN', chipId: inativo })).json<{ errors: unknown }>().errors).toEqual([
      { campo: 'chipId', message: 'Este chip está inativo.' },
    ]);
  });

  it('keeps IMEI, protocol and chip while ATIVO; toggles INATIVO and back', async () => {
    const chipId = await novoChip();
    const r = (await salvar({ imei: imei(), protocolo: 'TOPIN', chipId })).json<{ id: number; imei: string }>();
    const dono = await criarCliente(app, 'DONO DO REX');
    await vincular(app, dono.id, r.id, 'REX');

    const lista = await app.inject({ method: 'GET', url: `/api/rastreadores?codigo=${r.id}`, headers: h });
    expect(lista.json<{ content: unknown[] }>().content).toEqual([
      expect.objectContaining({ situacao: 'ATIVO', rastreadorDescricao: 'REX', usuarioNome: 'DONO DO REX' }),
    ]);

    const mudar = await salvar({ id: r.id, imei: imei(), protocolo: 'TOPIN', chipId });
    expect(mudar.statusCode).toBe(400);
    expect(mudar.json<{ message: string }>().message).toBe('IMEI, protocolo e chip não podem ser alterados com o rastreador ativo.');
    expect((await salvar({ id: r.id, imei: r.imei, protocolo: 'TOPIN', chipId })).statusCode).toBe(200);

    const inativo = await app.inject({ method: 'DELETE', url: `/api/rastreadores/inativar/${r.id}`, headers: h });
    expect(inativo.json()).toMatchObject({ situacao: 'INATIVO', situacaoDescricao: 'Inativo', situacaoCodigo: 'INATIVO' });
    const novoImei = imei();
    expect((await salvar({ id: r.id, imei: novoImei, protocolo: 'TOPIN', chipId })).json<{ imei: string }>().imei).toBe(novoImei);
    const ativo = await app.inject({ method: 'PUT', url: `/api/rastreadores/ativar/${r.id}`, headers: h });
    expect(ativo.json()).toMatchObject({ situacao: 'ATIVO', situacaoCodigo: 'ATIVO' });
  });

  it('shows the detail with owner, settings and last position', async () => {
    const r = (await salvar({ imei: imei(), protocolo: 'TOPIN', chipId: await novoChip() })).json<{ id: number }>();
    const dono = await criarCliente(app, 'MARIA');
    await vincular(app, dono.id, r.id, 'TOTO');
    await app.database.db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (${r.id}, 'GPS', now() - interval '1 hour', -23.5, -46.6), (${r.id}, 'GPS', now(), -23.55, -46.63)`,
    );
    await recalcularLocalizacoesAtuais(app.database.db);
    const res = await app.inject({ method: 'GET', url: `/api/rastreadores/${r.id}/detalhe`, headers: h });
    expect(res.json()).toMatchObject({
      id: r.id,
      rastreadorDescricao: 'TOTO',
      usuarioNome: 'MARIA',
      usuarioEmail: dono.email,
      intervaloLocalizacao: 5,
      economiaBateria: 'F',
      ultraEconomiaBateria: 'F',
      ultimaLocalizacao: { latitude: -23.55, longitude: -46.63, tipo: 'GPS' },
      comandosPendentes: 0,
    });
    expect((await app.inject({ method: 'GET', url: '/api/rastreadores/999999/detalhe', headers: h })).statusCode).toBe(404);
  });

  it('records a power-off request from the administrator or the owner, never from another client', async () => {
    const r = (await salvar({ imei: imei(), protocolo: 'TOPIN', chipId: await novoChip() })).json<{ id: number }>();
    const dono = await criarCliente(app);
    const outro = await criarCliente(app);
    await vincular(app, dono.id, r.id);

    const alheio = await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${r.id}`, headers: bearer(outro.token) });
    expect(alheio.statusCode).toBe(404);

    const res = await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${r.id}`, headers: bearer(dono.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Desligando rastreador com sucesso.' });
    const cmds = await consultar<{ tipo: string; status: string; usuario_id: number }>(
      app.database.db,
      sql`select tipo, status, usuario_id from comandos where rastreador_id = ${r.id}`,
    );
    expect(cmds).toEqual([{ tipo: 'DESLIGAR', status: 'PENDENTE', usuario_id: dono.id }]);
    const depois = await app.inject({ method: 'GET', url: `/api/rastreadores/${r.id}`, headers: h });
    expect(depois.json()).toMatchObject({
      situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO',
      situacaoEnergiaDescricao: 'Aguardando Desligamento',
    });

    const denovo = await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${r.id}`, headers: h });
    expect(denovo.statusCode).toBe(409);
    expect(
      (await app.inject({ method: 'GET', url: `/api/rastreadores/${r.id}/detalhe`, headers: h })).json<{ comandosPendentes: number }>()
        .comandosPendentes,
    ).toBe(1);
  });
});
