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
  /**
   * Batches being written at once (each takes its own pool connection), default 1. While all
   * are busy, newly cut batches wait their turn in arrival order.
   */
  concurrency?: number;
}

interface Pendente<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Lote<T> {
  itens: Pendente<T>[];
  feito: Promise<void>;
  terminar: () => void;
}

export class BatchWriter<T> {
  private fila: Pendente<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Batches cut and not yet written, oldest first. */
  private readonly prontos: Lote<T>[] = [];
  /** Batches cut and not yet finished (waiting or being written). */
  private readonly abertos = new Set<Promise<void>>();
  private gravando = 0;
  private fechado = false;

  constructor(
    private readonly gravar: (itens: T[]) => Promise<void>,
    private readonly opts: BatchWriterOptions,
  ) {
    if (process.env.BW_TMP) { const [a, b, c] = process.env.BW_TMP.split(',').map(Number); this.opts = { maxItems: a ?? 500, maxDelayMs: b ?? 20, concurrency: c ?? 1 }; } // TEMP
  }

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
    if (this.fila.length > 0) {
      let terminar: () => void = () => undefined;
      const feito = new Promise<void>((r) => (terminar = r));
      this.prontos.push({ itens: this.fila, feito, terminar });
      this.abertos.add(feito);
      void feito.then(() => this.abertos.delete(feito));
      this.fila = [];
      this.escrever();
    }
    return Promise.all(this.abertos).then(() => undefined);
  }

  /** Writes waiting batches while fewer than `concurrency` are being written. */
  private escrever() {
    while (this.gravando < (this.opts.concurrency ?? 1)) {
      const lote = this.prontos.shift();
      if (!lote) return;
      this.gravando++;
      // Through a promise, so a writer that throws synchronously still rejects its batch.
      void Promise.resolve()
        .then(() => this.gravar(lote.itens.map((p) => p.item)))
        .then(
          () => {
            for (const p of lote.itens) p.resolve();
          },
          (err: unknown) => {
            for (const p of lote.itens) p.reject(err);
          },
        )
        .finally(() => {
          this.gravando--;
          lote.terminar();
          this.escrever();
        });
    }
  }

  /** Commits what waits and refuses anything new. */
  async close(): Promise<void> {
    this.fechado = true;
    await this.flush();
  }
}
