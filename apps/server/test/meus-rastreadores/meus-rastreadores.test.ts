import { MSG, economiaSucesso } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { comandosDe, contar, criarCliente, registrarRastreador } from '../apoio/fixtures';
import { sql } from 'drizzle-orm';

let app: TestApp;
let admin: Record<string, string>;
let ana: { id: number; h: Record<string, string> };
let bia: { id: number; h: Record<string, string> };
let rastreadorAna = 0;
let vinculoAna = 0;
const IMEI_ANA = '359339080000101';
const IMEI_BIA = '359339080000102';

const corpo = (over: Record<string, unknown> = {}) => ({
  imei: IMEI_ANA,
  descricao: 'thor',
  intervaloLocalizacao: 5,
  periUltraEconBateria: 60,
  ...over,
});

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  const a = await criarCliente(app, 'ANA');
  const b = await criarCliente(app, 'BIA');
  ana = { id: a.id, h: bearer(a.token) };
  bia = { id: b.id, h: bearer(b.token) };
  rastreadorAna = await registrarRastreador(app, admin, IMEI_ANA);
  await registrarRastreador(app, admin, IMEI_BIA);
});
afterAll(() => app.fechar());

describe('linking a tracker by IMEI', () => {
  it('refuses an IMEI nobody registered, with the message on the field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: corpo({ imei: '359339080009999' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: [{ campo: 'imei', message: MSG.rastreadorNaoAguardaVinculo }] });
  });

  it('validates the body in Portuguese', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: corpo({ descricao: '', intervaloLocalizacao: 500, periUltraEconBateria: 7 }),
    });
    expect(res.statusCode).toBe(400);
    const campos = res.json<{ errors: { campo: string; message: string }[] }>().errors;
    expect(campos).toEqual(
      expect.arrayContaining([
        { campo: 'descricao', message: MSG.campoObrigatorio },
        { campo: 'intervaloLocalizacao', message: MSG.intervaloInvalido },
        { campo: 'periUltraEconBateria', message: MSG.periodoUltraInvalido },
      ]),
    );
  });

  it('links a registered tracker: ATIVO, normal-mode commands queued', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/usuarios/rastreadores', headers: ana.h, payload: corpo() });
    expect(res.statusCode).toBe(201);
    const r = res.json<MeuRastreador>();
    vinculoAna = r.id;
    expect(r).toMatchObject({
      imei: IMEI_ANA,
      descricao: 'thor',
      rastreadorId: rastreadorAna,
      intervaloLocalizacao: 5,
      situacao: 'ATIVO',
      situacaoDescricao: 'Ativo',
      economiaBateria: 'F',
      ultraEconomiaBateria: 'F',
      periUltraEconBateria: 60,
      bateria: null,
    });
    expect(await comandosDe(app, rastreadorAna)).toEqual([
      { tipo: 'GPS_LIGAR', status: 'PENDENTE', parametros: null },
      { tipo: 'INTERVALO', status: 'PENDENTE', parametros: { segundos: 300 } },
    ]);
    const adminVe = (await app.inject({ method: 'GET', url: `/api/rastreadores/${rastreadorAna}`, headers: admin })).json<{
      usuarioNome: string;
      situacao: string;
    }>();
    expect(adminVe).toMatchObject({ usuarioNome: 'ANA', situacao: 'ATIVO' });
  });

  it('refuses a tracker someone already linked, and an inactive one, as it refuses an unknown IMEI', async () => {
    const outra = await app.inject({ method: 'POST', url: '/api/usuarios/rastreadores', headers: bia.h, payload: corpo() });
    expect(outra.statusCode).toBe(400);
    expect(outra.json()).toMatchObject({ errors: [{ campo: 'imei', message: MSG.rastreadorNaoAguardaVinculo }] });
    const id = await registrarRastreador(app, admin, '359339080000103');
    await app.inject({ method: 'DELETE', url: `/api/rastreadores/inativar/${id}`, headers: admin });
    const inativo = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: bia.h,
      payload: corpo({ imei: '359339080000103' }),
    });
    expect(inativo.json()).toMatchObject({ status: 400, errors: [{ campo: 'imei', message: MSG.rastreadorNaoAguardaVinculo }] });
  });
});

describe('my trackers', () => {
  it('lists only the caller’s trackers, searched by descrição and IMEI', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: bia.h,
      payload: corpo({ imei: IMEI_BIA, descricao: 'mel' }),
    });
    const doAna = (await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores', headers: ana.h })).json<{
      content: MeuRastreador[];
      totalElements: number;
    }>();
    expect(doAna.content.map((r) => r.imei)).toEqual([IMEI_ANA]);
    const busca = (q: string, h = bia.h) =>
      app
        .inject({ method: 'GET', url: `/api/usuarios/rastreadores?${q}`, headers: h })
        .then((r) => r.json<{ totalElements: number }>().totalElements);
    expect(await busca('descricao=ME')).toBe(1);
    expect(await busca('descricao=THOR')).toBe(0);
    expect(await busca(`imei=${IMEI_ANA.slice(-3)}`)).toBe(0);
    expect(await busca(`imei=${IMEI_BIA.slice(-3)}`)).toBe(1);
    const sel = (await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores/select', headers: bia.h })).json<{ text: string }[]>();
    expect(sel.map((s) => s.text)).toEqual(['mel']);
  });

  it('never shows, changes or commands another client’s tracker', async () => {
    const url = `/api/usuarios/rastreadores`;
    expect((await app.inject({ method: 'GET', url: `${url}/${vinculoAna}`, headers: bia.h })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url, headers: bia.h, payload: corpo({ id: vinculoAna, descricao: 'roubado' }) })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `${url}/ativar-economia-bateria/${vinculoAna}`, headers: bia.h })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'PUT', url: `${url}/sincronizar`, headers: bia.h, payload: { usuarioRastreadorId: vinculoAna } }))
        .statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${rastreadorAna}`, headers: bia.h })).statusCode).toBe(404);
    const meu = (await app.inject({ method: 'GET', url: `${url}/${vinculoAna}`, headers: ana.h })).json<MeuRastreador>();
    expect(meu.descricao).toBe('thor');
    expect(await contar(app, 'comandos', sql`rastreador_id = ${rastreadorAna} and usuario_id = ${bia.id}`)).toBe(0);
  });

  it('saves the interval and sends only the latest setting to a device that is away', async () => {
    for (const intervaloLocalizacao of [10, 2]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/usuarios/rastreadores',
        headers: ana.h,
        payload: corpo({ id: vinculoAna, imei: IMEI_BIA, descricao: 'THOR', intervaloLocalizacao }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<MeuRastreador>()).toMatchObject({ descricao: 'THOR', intervaloLocalizacao, imei: IMEI_ANA });
    }
    const pendentes = (await comandosDe(app, rastreadorAna)).filter((c) => c.status === 'PENDENTE');
    expect(pendentes).toEqual([
      { tipo: 'GPS_LIGAR', status: 'PENDENTE', parametros: null },
      { tipo: 'INTERVALO', status: 'PENDENTE', parametros: { segundos: 120 } },
    ]);
  });
});

describe('battery modes', () => {
  const put = (acao: string, h = ana.h) =>
    app.inject({ method: 'PUT', url: `/api/usuarios/rastreadores/${acao}/${vinculoAna}`, headers: h });

  it('economy turns the GPS off at the same interval; ultra economy is refused while economy is on', async () => {
    const res = await put('ativar-economia-bateria');
    expect(res.statusCode).toBe(200);
    expect(res.json<MeuRastreador>()).toMatchObject({ economiaBateria: 'V', ultraEconomiaBateria: 'F' });
    expect((await comandosDe(app, rastreadorAna)).filter((c) => c.status === 'PENDENTE')).toEqual([
      { tipo: 'GPS_DESLIGAR', status: 'PENDENTE', parametros: null },
      { tipo: 'INTERVALO', status: 'PENDENTE', parametros: { segundos: 120 } },
    ]);
    const ultra = await put('ativar-ultra-economia-bateria');
    expect(ultra.statusCode).toBe(409);
    expect(ultra.json()).toMatchObject({ message: MSG.economiasExclusivas });
    expect(economiaSucesso('economia', 'Ativar')).toBe('Economia de bateria ativada com sucesso.');
  });

  it('ultra economy uploads at its period (capped at what the device accepts)', async () => {
    expect((await put('inativar-economia-bateria')).json<MeuRastreador>().economiaBateria).toBe('F');
    await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana.h,
      payload: corpo({ id: vinculoAna, intervaloLocalizacao: 2, periUltraEconBateria: 1440 }),
    });
    const res = await put('ativar-ultra-economia-bateria');
    expect(res.json<MeuRastreador>()).toMatchObject({ economiaBateria: 'F', ultraEconomiaBateria: 'V', periUltraEconBateria: 1440 });
    expect((await comandosDe(app, rastreadorAna)).filter((c) => c.status === 'PENDENTE')).toEqual([
      { tipo: 'GPS_DESLIGAR', status: 'PENDENTE', parametros: null },
      { tipo: 'INTERVALO', status: 'PENDENTE', parametros: { segundos: 7200 } },
    ]);
    expect((await put('ativar-economia-bateria')).statusCode).toBe(409);
    expect((await put('inativar-ultra-economia-bateria')).json<MeuRastreador>().ultraEconomiaBateria).toBe('F');
    expect((await comandosDe(app, rastreadorAna)).filter((c) => c.status === 'PENDENTE').map((c) => c.tipo)).toEqual([
      'GPS_LIGAR',
      'INTERVALO',
    ]);
  });

  it('sincronizar asks every tracker of the user for a position', async () => {
    const res = await app.inject({ method: 'PUT', url: '/api/usuarios/rastreadores/sincronizar', headers: ana.h, payload: {} });
    expect(res.json()).toEqual({ message: MSG.sincronizacaoSolicitada });
    expect((await comandosDe(app, rastreadorAna)).filter((c) => c.tipo === 'LOCALIZAR').map((c) => c.status)).toEqual(['PENDENTE']);
    // A second request while the first still waits replaces it.
    await app.inject({
      method: 'PUT',
      url: '/api/usuarios/rastreadores/sincronizar',
      headers: ana.h,
      payload: { usuarioRastreadorId: vinculoAna },
    });
    expect((await comandosDe(app, rastreadorAna)).filter((c) => c.tipo === 'LOCALIZAR').map((c) => c.status)).toEqual([
      'FALHOU',
      'PENDENTE',
    ]);
  });
});
