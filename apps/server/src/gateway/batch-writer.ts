/**
 * Collects writes from many connections and commits them together. `add()` resolves only after
 * the batch holding the item has committed, so the gateway can acknowledge a position to a
 * device knowing it is already in the database; a failed batch rejects every item in it.
 */
export interface BatchWriterOptions {
  /** Flush as soon as this many items wait. */
  maxItems: number;
  /** Flush at the latest this long after the first waiting item. */
  maxDelayMs: number;
}

interface Pendente<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class BatchWriter<T> {
  private fila: Pendente<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The flush in progress: batches commit one after the other, in arrival order. */
  private emCurso: Promise<void> = Promise.resolve();
  private fechado = false;

  constructor(
    private readonly gravar: (itens: T[]) => Promise<void>,
    private readonly opts: BatchWriterOptions,
  ) {}

  add(item: T): Promise<void> {
    if (this.fechado) return Promise.reject(new Error('BatchWriter fechado'));
    return new Promise<void>((resolve, reject) => {
      this.fila.push({ item, resolve, reject });
      if (this.fila.length >= this.opts.maxItems) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.opts.maxDelayMs);
    });
  }

  get pendentes(): number {
    return this.fila.length;
  }

  /** Starts committing what waits now; resolves when that batch (and those before) are done. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const lote = this.fila;
    this.fila = [];
    if (lote.length === 0) return this.emCurso;
    this.emCurso = this.emCurso.then(async () => {
      try {
        await this.gravar(lote.map((p) => p.item));
        for (const p of lote) p.resolve();
      } catch (err) {
        for (const p of lote) p.reject(err);
      }
    });
    return this.emCurso;
  }

  /** Commits what waits and refuses anything new. */
  async close(): Promise<void> {
    this.fechado = true;
    await this.flush();
  }
}
