import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultaPorForma, consultar, openPostgres, type Database } from '../../src/db/client';
import { novoBanco } from '../apoio/helpers';

describe('consultar (raw SQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await novoBanco();
  });
  afterAll(() => database.close());

  it('answers the rows as drizzle does, parameters bound, in or out of a transaction', async () => {
    const q = (n: number) =>
      sql`select ${n}::int as n, ${`a'b`}::text as s, timestamptz '2026-11-22 10:00:00+00' as t, 9007199254740993::bigint as grande, null::int as nada`;
    const [r] = await consultar<Record<string, unknown>>(database.db, q(7));
    const [viaDrizzle] = ((await database.db.execute(q(7))) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(r).toEqual(viaDrizzle);
    expect(r).toMatchObject({ n: 7, s: `a'b`, nada: null });
    // Text from node-postgres, a BigInt from PGlite: never a rounded number.
    expect(String(r?.grande)).toBe('9007199254740993');
    expect(new Date(String(r?.t)).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    // Inside a transaction, through the transaction's own connection.
    const dentro = await database.db.transaction(async (tx) => consultar<{ n: number }>(tx, q(8)));
    expect(dentro).toEqual([expect.objectContaining({ n: 8 })]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, each connection prepares a text once, under one name, and reuses it',
    async () => {
      const marcada = (n: number) => sql`select ${n}::int as n, 'consultar-preparada' as marca, pg_sleep(0.05)`;
      // Four at once on a pool of four: each connection runs the statement.
      const vezes = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => consultar<{ n: number }>(database.db, marcada(n))));
      expect(vezes.map((r) => r[0]?.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      const porConexao = await Promise.all(
        [1, 2, 3, 4].map(() =>
          consultar<{ pid: number; name: string; statement: string }>(
            database.db,
            sql`select pg_backend_pid() as pid, p.name, p.statement from pg_prepared_statements p, pg_sleep(0.05)`,
          ),
        ),
      );
      const conexoes = new Set(porConexao.map((linhas) => linhas[0]?.pid));
      expect(conexoes.size).toBe(4);
      const nomes = new Set<string>();
      for (const linhas of porConexao) {
        const marcadas = linhas.filter((l) => l.statement.includes('consultar-preparada'));
        expect(marcadas).toHaveLength(1);
        nomes.add(marcadas[0]?.name ?? '');
      }
      // The same name on every connection, and not the unnamed statement.
      expect([...nomes]).toEqual([expect.stringMatching(/^rastro_\d+$/)]);
    },
  );
});

describe('consultaPorForma (a query built once per shape)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await novoBanco();
  });
  afterAll(() => database.close());

  /** 1..ate (the even ones, in the `pares` shape), each with `marca`; counts its builds. */
  const novaSerie = () => {
    const contagem = { montagens: 0 };
    const serie = consultaPorForma<{ pares: boolean }, { ate: number; marca: string }, { n: number; marca: string }>({
      chave: (f) => String(f.pares),
      nomes: ['ate', 'marca'],
      montar: (f, v) => {
        contagem.montagens++;
        const filtro = f.pares ? sql`n % 2 = 0` : sql`true`;
        return sql`select n, ${v.marca}::text as marca from generate_series(1, ${v.ate}::int) n where ${filtro} order by n`;
      },
    });
    return { serie, contagem };
  };

  it('answers each shape with its values, in or out of a transaction', async () => {
    const { serie } = novaSerie();
    expect(await serie(database.db, { pares: true }, { ate: 6, marca: 'a' })).toEqual([2, 4, 6].map((n) => ({ n, marca: 'a' })));
    expect(await serie(database.db, { pares: false }, { ate: 3, marca: `b'c` })).toEqual([1, 2, 3].map((n) => ({ n, marca: `b'c` })));
    expect(await serie(database.db, { pares: true }, { ate: 3, marca: 'd' })).toEqual([{ n: 2, marca: 'd' }]);
    const dentro = await database.db.transaction((tx) => serie(tx, { pares: false }, { ate: 2, marca: 'e' }));
    expect(dentro).toEqual([1, 2].map((n) => ({ n, marca: 'e' })));
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, builds each shape once, then only binds values', async () => {
    const { serie, contagem } = novaSerie();
    for (let ate = 1; ate <= 5; ate++) {
      await serie(database.db, { pares: true }, { ate, marca: 'x' });
      await serie(database.db, { pares: false }, { ate, marca: 'y' });
    }
    expect(contagem.montagens).toBe(2);
    expect(await serie(database.db, { pares: true }, { ate: 4, marca: 'z' })).toEqual([2, 4].map((n) => ({ n, marca: 'z' })));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('statement limit on PostgreSQL', () => {
  it('cancels a statement past the limit, and lets migrations wait for another instance as long as it takes', async () => {
    // An empty database of its own, open with a 300 ms limit on a single connection.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const nome = `rastro_limite_${Date.now()}`;
    await admin.query(`create database ${nome}`);
    const u = new URL(process.env.TEST_DATABASE_URL ?? '');
    u.pathname = `/${nome}`;
    const database = await openPostgres(u.toString(), 1, 300);
    const outra = new pg.Client({ connectionString: u.toString() });
    await outra.connect();
    try {
      await expect(consultar(database.db, sql`select pg_sleep(2)`)).rejects.toMatchObject({ code: '57014' });
      // The connection survives the cancellation.
      expect(await consultar<{ n: number }>(database.db, sql`select 1 as n`)).toEqual([{ n: 1 }]);

      // Another instance holds the migration lock for longer than the limit.
      await outra.query('select pg_advisory_lock(7420001)');
      const migrando = database.migrate();
      await new Promise((r) => setTimeout(r, 800));
      await outra.query('select pg_advisory_unlock(7420001)');
      await migrando;
      const [tabela] = await consultar<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_name = 'localizacoes'`,
      );
      expect(tabela?.n).toBe(1);
      // Back to the limit once the migrations are done (same, single, connection).
      const [limite] = await consultar<{ statement_timeout: string }>(database.db, sql`show statement_timeout`);
      expect(limite?.statement_timeout).toBe('300ms');
    } finally {
      await outra.end();
      await database.close();
      await admin.query(`drop database if exists ${nome} with (force)`);
      await admin.end();
    }
  });
});
