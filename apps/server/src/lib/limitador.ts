/** A key's fixed window after a hit: the hits counted in it (that one included) and the time left. */
export interface Window {
  count: number;
  resetInMs: number;
}

/**
 * Where the windows live. In this process (`LimitesEmMemoria`: the embedded database, one process) or in
 * the database (`LimitesNoBanco` in plugins/rate-limit: with DATABASE_URL, shared by every instance).
 */
export interface GuardaDeLimites {
  /** Counts a hit on `key`, opening a window of `windowMs` when there is none or it ended. */
  incr(key: string, windowMs: number): Promise<Window>;
  /** Hits counted for `key` in its current window (0 when none or ended). */
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/**
 * Fixed-window limits keyed by anything (an address, an e-mail, a user): login, password reset and
 * change, sign-up, linking by IMEI, the public link routes. A store that cannot answer (the database
 * is down) makes the check throw: the request fails rather than going unlimited, and every caller
 * needs the database for its own work anyway.
 */
export class Limitador {
  constructor(private readonly store: GuardaDeLimites) {}

  /** Counts a hit; false when `key` is over `max` hits in the window. */
  async hit(key: string, max: number, windowMs: number): Promise<boolean> {
    return (await this.store.incr(key, windowMs)).count <= max;
  }

  /** Counts a hit and returns the window, for a caller that needs the count or the time left. */
  incr(key: string, windowMs: number): Promise<Window> {
    return this.store.incr(key, windowMs);
  }

  /** Hits counted for `key` in its current window (0 when none or ended). */
  count(key: string): Promise<number> {
    return this.store.count(key);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

/** The windows in this process's memory: enough with one process (the embedded PGlite). */
export class LimitesEmMemoria implements GuardaDeLimites {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  incr(key: string, windowMs: number): Promise<Window> {
    const t = this.now();
    this.sweep(t);
    let cur = this.hits.get(key);
    if (!cur || cur.resetAt <= t) {
      cur = { count: 1, resetAt: t + windowMs };
      this.hits.set(key, cur);
    } else cur.count += 1;
    return Promise.resolve({ count: cur.count, resetInMs: cur.resetAt - t });
  }

  count(key: string): Promise<number> {
    const cur = this.hits.get(key);
    return Promise.resolve(cur && cur.resetAt > this.now() ? cur.count : 0);
  }

  reset(key: string): Promise<void> {
    this.hits.delete(key);
    return Promise.resolve();
  }

  private sweep(t: number) {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}
