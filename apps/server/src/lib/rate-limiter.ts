/**
 * Fixed-window counters kept in this process, for limits keyed by something other than the IP
 * (an e-mail address). With several instances each keeps its own window: the limit per instance
 * still bounds a brute force, and the global per-IP limit of @fastify/rate-limit applies too.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts a hit; returns false when `key` is over `max` hits in the window. */
  hit(key: string, max: number, windowMs: number): boolean {
    const t = this.now();
    this.sweep(t);
    const cur = this.hits.get(key);
    if (!cur || cur.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + windowMs });
      return true;
    }
    cur.count += 1;
    return cur.count <= max;
  }

  /** Hits counted for `key` in its current window (0 when none or expired). */
  contagem(key: string): number {
    const cur = this.hits.get(key);
    return cur && cur.resetAt > this.now() ? cur.count : 0;
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  private sweep(t: number) {
    if (t - this.lastSweep < 60_000) return;
    this.lastSweep = t;
    for (const [k, v] of this.hits) if (v.resetAt <= t) this.hits.delete(k);
  }
}
