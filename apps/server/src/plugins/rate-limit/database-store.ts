import { sql } from 'drizzle-orm';
import { consultar, type Db } from '../../db/client';
import { sha256 } from '../../lib/cripto';
import type { GuardaDeLimites, Window } from '../../lib/limitador';

/** Expired windows are deleted by each instance at most this often (a hit reopens its own anyway). */
const SWEEP_EVERY_MS = 600_000;

/**
 * The windows in `limite_janelas` (migration 0021), shared by every instance of a PostgreSQL
 * database: a hit is one statement, atomic under concurrent hits on the same key from any
 * instance, and the database's clock decides when a window ends (the instances' clocks never
 * meet). Keys are stored as their SHA-256: no address or e-mail sits in the table.
 * The table is UNLOGGED (no WAL per hit, not copied to replicas): a crash of PostgreSQL empties
 * it, which only gives every key a fresh window.
 */
export class LimitesNoBanco implements GuardaDeLimites {
  private lastSweep = 0;

  constructor(private readonly db: Db) {}

  async incr(key: string, windowMs: number): Promise<Window> {
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) await this.sweep();
    const [r] = await consultar<{ contagem: number; restante_ms: number }>(
      this.db,
      sql`insert into limite_janelas as j (chave, contagem, expira_em)
          values (${sha256(key)}, 1, now() + make_interval(secs => ${windowMs}::float8 / 1000))
          on conflict (chave) do update set
            contagem = case when j.expira_em <= now() then 1 else j.contagem + 1 end,
            expira_em = case when j.expira_em <= now() then excluded.expira_em else j.expira_em end
          returning j.contagem, greatest(0, ceil(extract(epoch from j.expira_em - now()) * 1000))::float8 as restante_ms`,
    );
    if (!r) throw new Error('limite_janelas: upsert sem linha');
    return { count: r.contagem, resetInMs: r.restante_ms };
  }

  async count(key: string): Promise<number> {
    const [r] = await consultar<{ contagem: number }>(
      this.db,
      sql`select contagem from limite_janelas where chave = ${sha256(key)} and expira_em > now()`,
    );
    return r?.contagem ?? 0;
  }

  async reset(key: string): Promise<void> {
    await consultar(this.db, sql`delete from limite_janelas where chave = ${sha256(key)}`);
  }

  /** Deletes the windows that ended. */
  async sweep(): Promise<void> {
    this.lastSweep = Date.now();
    await consultar(this.db, sql`delete from limite_janelas where expira_em <= now()`);
  }
}
