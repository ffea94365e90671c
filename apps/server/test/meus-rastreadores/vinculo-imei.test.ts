import { sql } from 'drizzle-orm';
import { MSG } from '@rastro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { criarCliente, registrarRastreador } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/** Linking a tracker by IMEI tells nobody which IMEIs exist, and can be held to the code on the box. */
let app: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await criarApp({ VINCULO_LIMIT_USUARIO: '4' });
  admin = bearer(await entrar(app));
});
afterAll(() => app.fechar());

const corpo = (imei: string, over: Record<string, unknown> = {}) => ({
  imei,
  descricao: 'thor',
  intervaloLocalizacao: 5,
  periUltraEconBateria: 60,
  ...over,
});
const vincular = (h: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/usuarios/rastreadores', headers: h, payload });
const resposta = (r: { statusCode: number; body: string }) => ({ status: r.statusCode, body: r.body });

describe('linking by IMEI', () => {
  it('answers an unknown IMEI and one linked to someone else exactly alike', async () => {
    const dono = await criarCliente(app);
    const outro = await criarCliente(app);
    await registrarRastreador(app, admin, '359339083000001');
    expect((await vincular(bearer(dono.token), corpo('359339083000001'))).statusCode).toBe(201);
    const vinculado = await vincular(bearer(outro.token), corpo('359339083000001'));
    const desconhecido = await vincular(bearer(outro.token), corpo('359339083000002'));
    expect(resposta(vinculado)).toEqual(resposta(desconhecido));
    expect(vinculado.json()).toMatchObject({ status: 400, errors: [{ campo: 'imei', message: MSG.rastreadorNaoAguardaVinculo }] });
  });

  it('limits wrong tries per user (429, pt-BR), without holding back another user', async () => {
    const curioso = await criarCliente(app);
    const h = bearer(curioso.token);
    for (let i = 0; i < 4; i++) expect((await vincular(h, corpo(`35933908301000${i}`))).statusCode).toBe(400);
    await registrarRastreador(app, admin, '359339083020000');
    const bloqueado = await vincular(h, corpo('359339083020000'));
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json()).toEqual({ status: 429, message: MSG.muitasTentativas });
    const outro = await criarCliente(app);
    expect((await vincular(bearer(outro.token), corpo('359339083020000'))).statusCode).toBe(201);
  });

  it('with an activation code set by the administrator, linking needs it; the code is never sent back', async () => {
    const chip = await app.inject({
      method: 'POST',
      url: '/api/chips',
      headers: admin,
      payload: { descricao: 'CHIP CODIGO', numero: '11955550001' },
    });
    const criado = await app.inject({
      method: 'POST',
      url: '/api/rastreadores',
      headers: admin,
      payload: { imei: '359339083030000', protocolo: 'TOPIN', chipId: chip.json<{ id: number }>().id, codigoAtivacao: 'pata42xy' },
    });
    expect(criado.statusCode, criado.body).toBe(201);
    expect(criado.json()).toMatchObject({ temCodigoAtivacao: true });
    expect(criado.body).not.toMatch(/pata42xy/i);
    const id = criado.json<{ id: number }>().id;
    for (const url of [`/api/rastreadores/${id}`, `/api/rastreadores/${id}/detalhe`, '/api/rastreadores?imei=359339083030000']) {
      const r = await app.inject({ method: 'GET', url, headers: admin });
      expect(r.statusCode).toBe(200);
      expect(r.body).not.toMatch(/pata42xy|argon2/i);
      expect(r.body).toContain('"temCodigoAtivacao":true');
    }
    const [guardado] = await consultar<{ h: string }>(
      app.database.db,
      sql`select codigo_ativacao_hash as h from rastreadores where id = ${id}`,
    );
    expect(guardado?.h).toMatch(/^\$argon2id\$/);

    const dono = await criarCliente(app);
    const h = bearer(dono.token);
    const desconhecido = await vincular(h, corpo('359339083039999', { codigoAtivacao: 'PATA42XY' }));
    const semCodigo = await vincular(h, corpo('359339083030000'));
    const errado = await vincular(h, corpo('359339083030000', { codigoAtivacao: 'PATA42XZ' }));
    expect(resposta(semCodigo)).toEqual(resposta(desconhecido));
    expect(resposta(errado)).toEqual(resposta(desconhecido));
    // Typed in lower case from the box, it still matches.
    const certo = await vincular(h, corpo('359339083030000', { codigoAtivacao: ' pata42xy ' }));
    expect(certo.statusCode, certo.body).toBe(201);
  });

  it('checks the code format, in Portuguese', async () => {
    const dono = await criarCliente(app);
    const r = await vincular(bearer(dono.token), corpo('359339083040000', { codigoAtivacao: 'abc' }));
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ errors: [{ campo: 'codigoAtivacao', message: MSG.codigoAtivacaoInvalido }] });
  });
});
