import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, type Database } from '../../src/db/client';
import { novoBanco } from '../apoio/helpers';

/**
 * A connection the server holds (a transaction, the gateway's COPY, a replica read) may lose
 * PostgreSQL between two statements: a restart, a failover, an administrator. The statements on it
 * fail; the process does not (the fault test `falhas-postgres` crashed the server this way).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a held connection that loses PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await novoBanco();
  });
  afterAll(() => database.close());

  it('fails its own transaction, not the process, and the pool carries on', async () => {
    const transacao = database.db.transaction(async (tx) => {
      const [eu] = await consultar<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      // Ended from another connection while this one waits between statements: PostgreSQL's
      // FATAL arrives with no statement running.
      await consultar(database.db, sql`select pg_terminate_backend(${eu?.pid ?? 0}::int)`);
      await new Promise((r) => setTimeout(r, 300));
      await consultar(tx, sql`select 1`);
    });
    await expect(transacao).rejects.toThrow();
    expect(await database.ping()).toBe(true);
    const [r] = await consultar<{ n: number }>(database.db, sql`select 2 as n`);
    expect(r?.n).toBe(2);
  });
});
