import type { AddressInfo } from 'node:net';
import { SOCKET_NAO_AUTENTICADO } from '@rastro/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openPostgres } from '../../src/db/client';
import { criarCliente, tokenPara } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { TEST_ENV } from '../apoio/test-env';
import { abrirTela, ate, socketsNoHub } from '../apoio/socket-ao-vivo';

/**
 * The live channel and the sessions behind its sockets: a token revoked, a password changed, a
 * user inactivated end that user's screens within moments (not at the next minute's check),
 * and no one else's. The hub hears `rastro_sessoes`, which every such change sends.
 */
let app: TestApp;
let porta = 0;
let admin: Record<string, string>;

beforeAll(async () => {
  app = await criarApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  porta = (app.server.address() as AddressInfo).port;
  admin = bearer(await entrar(app));
});
afterAll(async () => {
  await app.fechar();
});

const tela = (token: string, usuarioEmulado?: number) => abrirTela(app, porta, JSON.stringify({ token, usuarioEmulado }));
/** The code the screen's socket closed with, once it closes (the check runs 200 ms after a change). */
const fechamento = (t: Awaited<ReturnType<typeof tela>>) => ate(() => t.fechou.codigo, 3000);

describe('a session that ends ends its live screens', () => {
  it('a logout closes that token’s screen at once; the same owner’s other session and other owners keep theirs', async () => {
    const ana = await criarCliente(app, 'ANA');
    const bia = await criarCliente(app, 'BIA');
    const outroAparelho = await tokenPara(app, ana.id);
    const [celular, computador, daBia] = [await tela(ana.token), await tela(outroAparelho), await tela(bia.token)];

    expect((await app.inject({ url: '/api/logout', headers: bearer(ana.token) })).statusCode).toBe(200);
    expect(await fechamento(celular)).toBe(SOCKET_NAO_AUTENTICADO);
    // A moment more for a wrong close to arrive: none does.
    await new Promise((r) => setTimeout(r, 400));
    expect(computador.fechou.codigo).toBeUndefined();
    expect(daBia.fechou.codigo).toBeUndefined();
    expect(await socketsNoHub(app)).toBe(2);
    for (const t of [computador, daBia]) t.ws.close();
  });

  it('a password changed closes every screen of the owner’s other sessions', async () => {
    const caio = await criarCliente(app, 'CAIO');
    const [celular, tablet] = [await tela(await tokenPara(app, caio.id)), await tela(await tokenPara(app, caio.id))];
    const r = await app.inject({
      method: 'PUT',
      url: '/api/usuarios/alterar-senha',
      headers: bearer(caio.token),
      payload: { senhaAtual: caio.senha, senhaNova: 'outra-senha-do-caio-2', confirmarNovaSenha: 'outra-senha-do-caio-2' },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await fechamento(celular)).toBe(SOCKET_NAO_AUTENTICADO);
    expect(await fechamento(tablet)).toBe(SOCKET_NAO_AUTENTICADO);
  });

  it('a user inactivated loses their screens, and an administrator emulating them loses that screen', async () => {
    const dani = await criarCliente(app, 'DANI');
    const edu = await criarCliente(app, 'EDU');
    const tokenAdmin = admin.authorization?.slice('Bearer '.length) ?? '';
    const [daDani, comoDani, comoEdu] = [await tela(dani.token), await tela(tokenAdmin, dani.id), await tela(tokenAdmin, edu.id)];

    expect((await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${dani.id}`, headers: admin })).statusCode).toBe(200);
    expect(await fechamento(daDani)).toBe(SOCKET_NAO_AUTENTICADO);
    expect(await fechamento(comoDani)).toBe(SOCKET_NAO_AUTENTICADO);
    await new Promise((r) => setTimeout(r, 400));
    // The administrator's session lives on: the emulation of someone else goes on.
    expect(comoEdu.fechou.codigo).toBeUndefined();
    comoEdu.ws.close();
  });

  it('a logout through another instance closes the screen held by this one (PostgreSQL)', async (ctx) => {
    const url = app.database.url;
    if (app.database.kind !== 'postgres' || !url) {
      ctx.skip();
      return;
    }
    const fabi = await criarCliente(app, 'FABI');
    const gil = await criarCliente(app, 'GIL');
    const [daFabi, doGil] = [await tela(fabi.token), await tela(gil.token)];
    const dbB = await openPostgres(url, 2);
    const apiB = await buildApp({ config: loadConfig({ ...TEST_ENV, ROLE: 'api' }), database: dbB, logger: false });
    try {
      expect((await apiB.inject({ url: '/api/logout', headers: bearer(fabi.token) })).statusCode).toBe(200);
      expect(await fechamento(daFabi)).toBe(SOCKET_NAO_AUTENTICADO);
      await new Promise((r) => setTimeout(r, 400));
      expect(doGil.fechou.codigo).toBeUndefined();
    } finally {
      doGil.ws.close();
      await apiB.close();
      await dbB.close();
    }
  });
});
