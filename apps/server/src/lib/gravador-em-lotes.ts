import { performance } from 'node:perf_hooks';

/**
 * Collects writes from many connections and commits them together. `add()` resolves only after
 * the batch holding the item has committed, so the gateway can acknowledge a position to a
 * device knowing it is already in the database; a failed batch rejects every item in it.
 *
 * A batch is cut when a writer is free and either `maxItems` wait or the oldest has waited
 * `maxDelayMs`. While every writer is busy, items keep gathering (group commit): under load the
 * batches grow towards `maxItems` on their own, and no small batch queues behind a long one.
 *
 * When `isolate` says a batch's error lies in its data (one bad row) rather than in the store,
 * the batch is written again item by item: only the bad items reject, the others commit.
 */
export interface OpcoesGravadorEmLotes {
  /** The largest batch; a batch is cut as soon as this many items wait (and a writer is free). */
  maxItems: number;
  /** The longest an item waits for others before its batch is cut (when a writer is free). */
  maxDelayMs: number;
  /** Batches being written at once, each on its own pool connection. Default 1: in arrival order. */
  concurrency?: number;
  /** True when a failed batch should be retried item by item (the error is in a row, not the store). */
  isolate?: (err: unknown) => boolean;
}

interface Pending<T> {
  item: T;
  /** When it was added (performance.now()). */
  t: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Batch<T> {
  items: Pending<T>[];
  finish: () => void;
}

export class GravadorEmLotes<T> {
  private queue: Pending<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Batches cut by flush() and not yet started, oldest first. */
  private readonly ready: Batch<T>[] = [];
  /** Every batch cut and not yet finished. */
  private readonly open = new Set<Promise<void>>();
  private writing = 0;
  private closed = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly opts: OpcoesGravadorEmLotes,
  ) {}

  add(item: T): Promise<void> {
    if (this.closed) return Promise.reject(new Error('GravadorEmLotes fechado'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, t: performance.now(), resolve, reject });
      this.pump();
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Cuts what waits now; resolves when that (and every batch before it) is done. */
  flush(): Promise<void> {
    this.disarm();
    while (this.queue.length > 0) this.ready.push(this.cut());
    this.pump();
    return Promise.all(this.open).then(() => undefined);
  }

  /** Commits what waits and refuses anything new. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private cut(): Batch<T> {
    let finish: () => void = () => undefined;
    const done = new Promise<void>((r) => (finish = r));
    this.open.add(done);
    void done.then(() => this.open.delete(done));
    return { items: this.queue.splice(0, this.opts.maxItems), finish };
  }

  private disarm() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts batches while a writer is free: flushed ones first, then what waits, when it is due. */
  private pump() {
    while (this.writing < (this.opts.concurrency ?? 1)) {
      let batch = this.ready.shift();
      if (!batch) {
        const first = this.queue[0];
        if (!first) return this.disarm();
        const wait = first.t + this.opts.maxDelayMs - performance.now();
        if (this.queue.length < this.opts.maxItems && wait > 0) {
          this.timer ??= setTimeout(() => {
            this.timer = undefined;
            this.pump();
          }, wait);
          return;
        }
        batch = this.cut();
      }
      this.start(batch);
    }
  }

  private start(batch: Batch<T>) {
    this.writing++;
    // Through a promise, so a writer that throws synchronously still rejects its batch.
    void Promise.resolve()
      .then(() => this.write(batch.items.map((p) => p.item)))
      .then(
        () => {
          for (const p of batch.items) p.resolve();
        },
        (err: unknown) => (batch.items.length > 1 && this.opts.isolate?.(err) ? this.oneByOne(batch.items) : rejectAll(batch.items, err)),
      )
      .finally(() => {
        this.writing--;
        batch.finish();
        this.pump();
      });
  }

  /** Each item in its own write, in order, so one bad item cannot hold back the others. */
  private async oneByOne(items: Pending<T>[]) {
    for (const p of items) {
      await Promise.resolve()
        .then(() => this.write([p.item]))
        .then(p.resolve, p.reject);
    }
  }
}

function rejectAll<T>(items: Pending<T>[], err: unknown) {
  for (const p of items) p.reject(err);
}
