import { PER, type Permissao } from '@rastro/shared/roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from './helpers';
import { criarNivel, criarUsuarioLogado } from './fixtures';

/**
 * Every admin route × {anonymous, client, administrator without the route's code, administrator
 * with only that code}. A new admin route that is not in this table fails the last test.
 */
interface Caso {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  rota: string;
  per: Permissao;
  body?: () => Record<string, unknown>;
  /** Status with the right code (the request is valid). */
  ok: number;
}

let app: TestApp;
let admin: string;
let ids: { chip: number; chip2: number; rastreador: number; usuario: number };
let seq = 0;
const novoImei = () => `86${String(Date.now()).slice(-9)}${String(++seq).padStart(4, '0')}`;

beforeAll(async () => {
  app = await criarApp();
  admin = await entrar(app);
  const post = async (url: string, payload: Record<string, unknown>) => (await app.inject({ method: 'POST', url, headers: bearer(admin), payload })).json<{ id: number }>().id;
  const chip = await post('/api/chips', { descricao: 'CHIP A', numero: '11987654321' });
  const chip2 = await post('/api/chips', { descricao: 'CHIP B', numero: '11987654322' });
  const rastreador = await post('/api/rastreadores', { imei: novoImei(), protocolo: 'TOPIN', chipId: chip });
  const usuario = (await criarUsuarioLogado(app)).id;
  ids = { chip, chip2, rastreador, usuario };
});
afterAll(async () => {
  await app.fechar();
});

const casos: Caso[] = [
  { method: 'GET', rota: '/api/usuarios', url: '/api/usuarios', per: PER.USUARIOS, ok: 200 },
  { method: 'GET', rota: '/api/usuarios/{id}', url: '/api/usuarios/:usuario', per: PER.USUARIOS, ok: 200 },
  { method: 'GET', rota: '/api/usuarios/{id}/emulacao', url: '/api/usuarios/:usuario/emulacao', per: PER.USUARIOS, ok: 200 },
  {
    method: 'POST',
    rota: '/api/usuarios',
    url: '/api/usuarios',
    per: PER.USUARIOS,
    ok: 201,
    body: () => ({ nome: 'NOVO', email: `novo${++seq}@rastro.test`, cpf: cpfs[seq % cpfs.length] ?? '', dataNascimento: null, nivelId: 2, rg: '', sexo: null, telefoneCelular: '11987654321', telefoneResidencial: '', telefoneComercial: '', cep: '', logradouro: '', numero: '', complemento: '', bairro: '', referencia: '', estadoId: null, cidadeId: null }),
  },
  { method: 'PUT', rota: '/api/usuarios/ativar/{id}', url: '/api/usuarios/ativar/:usuario', per: PER.USUARIOS, ok: 200 },
  { method: 'DELETE', rota: '/api/usuarios/inativar/{id}', url: '/api/usuarios/inativar/:usuario', per: PER.USUARIOS, ok: 200 },
  { method: 'GET', rota: '/api/niveis/select', url: '/api/niveis/select', per: PER.USUARIOS, ok: 200 },
  { method: 'GET', rota: '/api/chips', url: '/api/chips', per: PER.CHIPS, ok: 200 },
  { method: 'GET', rota: '/api/chips/{id}', url: '/api/chips/:chip', per: PER.CHIPS, ok: 200 },
  { method: 'GET', rota: '/api/chips/select', url: '/api/chips/select', per: PER.CHIPS, ok: 200 },
  { method: 'GET', rota: '/api/chips/select/disponiveis', url: '/api/chips/select/disponiveis', per: PER.CHIPS, ok: 200 },
  { method: 'POST', rota: '/api/chips', url: '/api/chips', per: PER.CHIPS, ok: 201, body: () => ({ descricao: 'OUTRO', numero: '1133334444' }) },
  { method: 'PUT', rota: '/api/chips/ativar/{id}', url: '/api/chips/ativar:chip2', per: PER.CHIPS, ok: 200 },
  { method: 'DELETE', rota: '/api/chips/inativar/{id}', url: '/api/chips/inativar/:chip2', per: PER.CHIPS, ok: 200 },
  { method: 'GET', rota: '/api/rastreadores', url: '/api/rastreadores', per: PER.RASTREADORES, ok: 200 },
  { method: 'GET', rota: '/api/rastreadores/{id}', url: '/api/rastreadores/:rastreador', per: PER.RASTREADORES, ok: 200 },
  { method: 'GET', rota: '/api/rastreadores/{id}/detalhe', url: '/api/rastreadores/:rastreador/detalhe', per: PER.RASTREADORES, ok: 200 },
  {
    method: 'POST',
    rota: '/api/rastreadores',
    url: '/api/rastreadores',
    per: PER.RASTREADORES,
    ok: 200,
    body: () => ({ id: ids.rastreador, imei: novoImei(), protocolo: 'TOPIN', chipId: ids.chip }),
  },
  { method: 'PUT', rota: '/api/rastreadores/ativar/{id}', url: '/api/rastreadores/ativar/:rastreador', per: PER.RASTREADORES, ok: 200 },
  { method: 'DELETE', rota: '/api/rastreadores/inativar/{id}', url: '/api/rastreadores/inativar/:rastreador', per: PER.RASTREADORES, ok: 200 },
  { method: 'GET', rota: '/api/relatorios/totalizadores', url: '/api/relatorios/totalizadores', per: PER.DASHBOARD_TOTAIS, ok: 200 },
  { method: 'GET', rota: '/api/relatorios/situacoes', url: '/api/relatorios/situacoes', per: PER.DASHBOARD_SITUACAO, ok: 200 },
  { method: 'GET', rota: '/api/relatorios/situacoes-energia', url: '/api/relatorios/situacoes-energia', per: PER.DASHBOARD_ENERGIA, ok: 200 },
];
const cpfs = ['52998224725', '11144477735', '39053344705', '86288366757', '71428793860', '24843803480', '15570711872', '16899535009'];

const url = (c: Caso) => c.url.replace(':usuario', String(ids.usuario)).replace('ativar:chip2', `ativar/${ids.chip2}`).replace(':chip2', String(ids.chip2)).replace(':chip', String(ids.chip)).replace(':rastreador', String(ids.rastreador));
const chamar = (c: Caso, headers: Record<string, string>) =>
  app.inject({ method: c.method, url: url(c), headers, ...(c.body ? { payload: c.body() } : {}) });

describe('authorisation of the admin routes', () => {
  it.each(casos)('$method $rota: anonymous 401, client 403, other admin 403, holder of $per OK', async (c) => {
    const anonimo = await chamar(c, {});
    expect(anonimo.statusCode).toBe(401);

    const cliente = await criarUsuarioLogado(app);
    const resCliente = await chamar(c, bearer(cliente.token));
    expect(resCliente.statusCode).toBe(403);
    expect(resCliente.json()).toEqual({ status: 403, message: 'Você não tem permissão para acessar este recurso.' });

    const semCodigo = await criarUsuarioLogado(app, { nivelId: await criarNivel(app, `SEM ${c.per} ${++seq}`, Object.values(PER).filter((p) => p !== c.per)) });
    expect((await chamar(c, bearer(semCodigo.token))).statusCode).toBe(403);

    const comCodigo = await criarUsuarioLogado(app, { nivelId: await criarNivel(app, `SO ${c.per} ${++seq}`, [c.per]) });
    const res = await chamar(c, bearer(comCodigo.token));
    expect(res.statusCode, res.body).toBe(c.ok);
  });

  it('X-Usuario-Emulado is refused (403) on any route to a caller without PER2', async () => {
    const so = await criarUsuarioLogado(app, { nivelId: await criarNivel(app, `SO CHIPS ${++seq}`, [PER.CHIPS]) });
    const res = await app.inject({ method: 'GET', url: '/api/chips', headers: { ...bearer(so.token), 'x-usuario-emulado': String(ids.usuario) } });
    expect(res.statusCode).toBe(403);
  });

  it('covers every admin route of the OpenAPI document', async () => {
    const doc = (await app.inject('/docs/json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const admin = /^\/api\/(usuarios(?!\/alterar-senha|\/rastreadores)|chips|rastreadores(?!\/desligar)|relatorios|niveis)/;
    const noDoc = Object.entries(doc.paths)
      .filter(([p]) => admin.test(p))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const naTabela = casos.map((c) => `${c.method} ${c.rota}`).sort();
    expect(naTabela).toEqual(noDoc);
  });
});
