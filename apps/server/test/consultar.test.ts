import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, type Database } from '../src/db/client';
import { novoBanco } from './helpers';

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

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, each connection prepares a text once, under one name, and reuses it', async () => {
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
  });
});
