import { sql } from 'drizzle-orm';
import { PER } from '@rastro/shared/permissoes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, resolverToken } from '../../src/plugins/auth';
import { revogarSessoesDoUsuario } from '../../src/modules/auth/service';
import { fonteDeSessoes } from '../../src/modules/auth/sessoes';
import { atualizar } from '../../src/modules/usuarios/admin-repository';
import { CacheDeSessoes, SESSAO_CACHE_MS } from '../../src/plugins/cache-de-sessoes';
import { sha256 } from '../../src/lib/cripto';
import { criarNivel, criarUsuarioLogado } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/**
 * Resolved tokens are cached for a few seconds (plugins/cache-de-sessoes.ts); what a user sees must
 * not change: a revoked token, a deactivated user or a withdrawn permission stop working at once,
 * even when the change came from another instance — long before the cache's TTL. The code that
 * makes the change says so (`rastro_sessoes`, in its transaction): no trigger does (docs/adr/0025).
 */
let app: TestApp;
beforeAll(async () => {
  app = await criarApp();
});
afterAll(async () => {
  await app.fechar();
});

const listar = (token: string) => app.inject({ method: 'GET', url: '/api/rastreadores?page=0&size=1', headers: bearer(token) });

/** Polls `fn` until it answers `status`; returns how long it took, failing after the cache's TTL. */
async function ate(status: number, fn: () => Promise<{ statusCode: number }>) {
  const inicio = Date.now();
  for (;;) {
    if ((await fn()).statusCode === status) return Date.now() - inicio;
    if (Date.now() - inicio > SESSAO_CACHE_MS) throw new Error(`ainda não respondeu ${status} depois de ${SESSAO_CACHE_MS} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('cached sessions', () => {
  it('logout ends the session for the very next request', async () => {
    const nivel = await criarNivel(app, `SESSAO A ${Date.now()}`, [PER.RASTREADORES]);
    const u = await criarUsuarioLogado(app, { nivelId: nivel });
    expect((await listar(u.token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/logout', headers: bearer(u.token) })).statusCode).toBe(200);
    expect((await listar(u.token)).statusCode).toBe(401);
  });

  it('a deactivated user is out for the very next request', async () => {
    const nivel = await criarNivel(app, `SESSAO B ${Date.now()}`, [PER.RASTREADORES]);
    const u = await criarUsuarioLogado(app, { nivelId: nivel });
    // Only a full administrator stops another administrator.
    const adm = bearer(await entrar(app));
    expect((await listar(u.token)).statusCode).toBe(200);
    const res = await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${u.id}`, headers: adm });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listar(u.token)).statusCode).toBe(401);
  });

  it('a token revoked by another instance stops working well before the cache would forget it', async () => {
    const nivel = await criarNivel(app, `SESSAO C ${Date.now()}`, [PER.RASTREADORES]);
    const u = await criarUsuarioLogado(app, { nivelId: nivel });
    expect((await listar(u.token)).statusCode).toBe(200);
    // As another instance's password change or deactivation does, outside any request of this one:
    // only its NOTIFY tells this instance.
    await app.database.db.transaction((tx) => revogarSessoesDoUsuario(tx, u.id));
    expect(await ate(401, () => listar(u.token))).toBeLessThan(SESSAO_CACHE_MS / 2);
  });

  it('a user moved by another instance to a level without the permission is refused well before the cache would forget it', async () => {
    const nivel = await criarNivel(app, `SESSAO D ${Date.now()}`, [PER.RASTREADORES]);
    const semPermissao = await criarNivel(app, `SESSAO D2 ${Date.now()}`, []);
    const u = await criarUsuarioLogado(app, { nivelId: nivel });
    expect((await listar(u.token)).statusCode).toBe(200);
    await app.database.db.transaction((tx) => atualizar(tx, u.id, { nivelId: semPermissao }));
    expect(await ate(403, () => listar(u.token))).toBeLessThan(SESSAO_CACHE_MS / 2);
  });

  it('a change by hand in SQL is seen within the TTL, at once when followed by the NOTIFY the code sends', async () => {
    const nivel = await criarNivel(app, `SESSAO E ${Date.now()}`, [PER.RASTREADORES]);
    const u = await criarUsuarioLogado(app, { nivelId: nivel });
    expect((await listar(u.token)).statusCode).toBe(200);
    // No trigger: the cached session still answers until the operator's NOTIFY (or the TTL).
    await app.database.db.execute(sql`delete from nivel_permissoes where nivel_id = ${nivel}`);
    expect((await listar(u.token)).statusCode).toBe(200);
    await app.database.db.execute(sql`select pg_notify('rastro_sessoes', '')`);
    expect(await ate(403, () => listar(u.token))).toBeLessThan(SESSAO_CACHE_MS / 2);
  });

  it('a burst with a token the cache does not hold asks the database once, and all of it gets the user', async () => {
    const u = await criarUsuarioLogado(app);
    let consultas = 0;
    const fonte = fonteDeSessoes(app.database.db);
    const auth = createAuth(fonte, new CacheDeSessoes(), (t) => {
      consultas++;
      return resolverToken(fonte, t);
    });
    const quem = await Promise.all(Array.from({ length: 20 }, () => auth.principalDoToken(u.token, undefined)));
    expect(quem.map((p) => p.usuarioId)).toEqual(Array(20).fill(u.id));
    expect(consultas).toBe(1);
    // Once stored, none at all.
    await auth.principalDoToken(u.token, undefined);
    expect(consultas).toBe(1);
  });

  it('a request that comes after a logout never takes the answer of a lookup begun before it', async () => {
    const u = await criarUsuarioLogado(app);
    const cache = new CacheDeSessoes();
    let abrir: () => void = () => undefined;
    const portao = new Promise<void>((r) => {
      abrir = r;
    });
    let consultas = 0;
    // The first lookup reads the database before the logout and answers only after it.
    const fonte = fonteDeSessoes(app.database.db);
    const auth = createAuth(fonte, cache, async (t) => {
      const primeira = ++consultas === 1;
      const r = await resolverToken(fonte, t);
      if (primeira) await portao;
      return r;
    });
    const antes = auth.principalDoToken(u.token, undefined);
    await new Promise((r) => setTimeout(r, 50));
    // The logout: the token revoked and the cache cleared, as the route does when it answers.
    await app.database.db.execute(sql`update sessoes set revogado_em = now() where usuario_id = ${u.id}`);
    cache.limpar();
    await expect(auth.principalDoToken(u.token, undefined)).rejects.toMatchObject({ status: 401 });
    abrir();
    // The request already under way may finish as the user it was; what it read is not kept.
    expect((await antes).usuarioId).toBe(u.id);
    await expect(auth.principalDoToken(u.token, undefined)).rejects.toMatchObject({ status: 401 });
    expect(consultas).toBe(3);
  });
});

describe('many tokens checked at once (the live channel’s sockets)', () => {
  it('answers which are live: not revoked, not expired, of an active user; unknown and malformed hashes are not', async () => {
    const [viva, revogada, vencida, inativa] = [
      await criarUsuarioLogado(app),
      await criarUsuarioLogado(app),
      await criarUsuarioLogado(app),
      await criarUsuarioLogado(app),
    ];
    await app.database.db.execute(sql`update sessoes set revogado_em = now() where usuario_id = ${revogada.id}`);
    await app.database.db.execute(sql`update sessoes set expira_em = now() - interval '1 second' where usuario_id = ${vencida.id}`);
    await app.database.db.execute(sql`update usuarios set situacao = false where id = ${inativa.id}`);
    const hash = (token: string) => sha256(token);
    const fonte = fonteDeSessoes(app.database.db);
    // Among 5,000 hashes no session has, and text an array literal would have to quote.
    const outros = [...Array.from({ length: 5000 }, (_, i) => sha256(`nenhum-${i}`)), 'a"b,c{d}\\', ''];
    const vivas = await fonte.vivas([...outros, ...[viva, revogada, vencida, inativa].map((u) => hash(u.token))]);
    expect([...vivas]).toEqual([hash(viva.token)]);
    expect(await fonte.vivas([])).toEqual(new Set());
  });
});
