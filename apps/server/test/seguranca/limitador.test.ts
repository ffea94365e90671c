import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, type Database } from '../../src/db/client';
import { sha256 } from '../../src/lib/cripto';
import { LimitesEmMemoria, Limitador } from '../../src/lib/limitador';
import { LimitesNoBanco } from '../../src/plugins/rate-limit/database-store';
import { novoBanco } from '../apoio/helpers';

/**
 * The rate limiter's fixed windows, in the database (issue #31, item 10: shared by the instances of
 * a PostgreSQL database; here on the run's database, PGlite or PostgreSQL) and in memory (the
 * embedded database's one process): the same answers from both.
 */
let database: Database;
let store: LimitesNoBanco;
beforeAll(async () => {
  database = await novoBanco();
  store = new LimitesNoBanco(database.db);
});
afterAll(() => database.close());

const janelas = () =>
  consultar<{ chave: string; contagem: number }>(database.db, sql`select chave, contagem from limite_janelas order by chave`);
/** Ends every window now, as if its time had passed. */
const vencer = () => database.db.execute(sql`update limite_janelas set expira_em = now() - interval '1 millisecond'`);

describe('LimitesNoBanco (limite_janelas)', () => {
  it('counts hits in a window, with the time left, and starts a new window once it ends', async () => {
    const um = await store.incr('login:ip:10.0.0.1', 60_000);
    expect(um.count).toBe(1);
    expect(um.resetInMs).toBeGreaterThan(0);
    expect(um.resetInMs).toBeLessThanOrEqual(60_000);
    expect((await store.incr('login:ip:10.0.0.1', 60_000)).count).toBe(2);
    const tres = await store.incr('login:ip:10.0.0.1', 60_000);
    expect(tres.count).toBe(3);
    // The window is the first hit's: later hits do not stretch it.
    expect(tres.resetInMs).toBeLessThanOrEqual(um.resetInMs);
    expect(await store.count('login:ip:10.0.0.1')).toBe(3);
    // Another key has its own window.
    expect((await store.incr('login:ip:10.0.0.2', 60_000)).count).toBe(1);

    await vencer();
    expect(await store.count('login:ip:10.0.0.1')).toBe(0);
    const novo = await store.incr('login:ip:10.0.0.1', 5_000);
    expect(novo.count).toBe(1);
    expect(novo.resetInMs).toBeLessThanOrEqual(5_000);
  });

  it('reset forgets a key; an unknown key counts 0', async () => {
    await store.incr('vinculo:7', 60_000);
    await store.incr('vinculo:7', 60_000);
    await store.reset('vinculo:7');
    expect(await store.count('vinculo:7')).toBe(0);
    expect((await store.incr('vinculo:7', 60_000)).count).toBe(1);
    expect(await store.count('nunca:visto')).toBe(0);
    await store.reset('nunca:visto');
  });

  it('keeps only the SHA-256 of a key: no address or e-mail in the table', async () => {
    const chave = 'login:email-ip:dona@rastro.test|198.51.100.9';
    await store.incr(chave, 60_000);
    const linhas = await janelas();
    expect(linhas.map((l) => l.chave)).toContain(sha256(chave));
    expect(JSON.stringify(linhas)).not.toContain('dona@rastro.test');
    expect(JSON.stringify(linhas)).not.toContain('198.51.100.9');
  });

  it('counts every one of concurrent hits on one key exactly once', async () => {
    const contagens = await Promise.all(Array.from({ length: 20 }, () => store.incr('publico:link:203.0.113.1', 60_000)));
    expect(contagens.map((j) => j.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('the sweep deletes the windows that ended and keeps the open ones', async () => {
    await store.incr('velha', 60_000);
    await vencer();
    await store.incr('aberta', 60_000);
    await store.sweep();
    const chaves = (await janelas()).map((l) => l.chave);
    expect(chaves).toContain(sha256('aberta'));
    expect(chaves).not.toContain(sha256('velha'));
  });

  it('Limitador.hit over it: allowed up to max in the window, refused past it', async () => {
    const limiter = new Limitador(store);
    const respostas = [];
    for (let i = 0; i < 4; i++) respostas.push(await limiter.hit('reset:email:x@rastro.test', 3, 60_000));
    expect(respostas).toEqual([true, true, true, false]);
  });
});

describe('LimitesEmMemoria', () => {
  it('answers as the database does: counts, time left, a new window once it ends, reset', async () => {
    let agora = 1_000_000;
    const memoria = new LimitesEmMemoria(() => agora);
    expect(await memoria.incr('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    agora += 10_000;
    expect(await memoria.incr('k', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await memoria.count('k')).toBe(2);
    agora += 50_000;
    expect(await memoria.count('k')).toBe(0);
    expect(await memoria.incr('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await memoria.reset('k');
    expect(await memoria.count('k')).toBe(0);
  });
});
