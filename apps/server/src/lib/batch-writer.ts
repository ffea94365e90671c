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
 * When `isolar` says a batch's error lies in its data (one bad row) rather than in the store,
 * the batch is written again item by item: only the bad items reject, the others commit.
 */
export interface BatchWriterOptions {
  /** The largest batch; a batch is cut as soon as this many items wait (and a writer is free). */
  maxItems: number;
  /** The longest an item waits for others before its batch is cut (when a writer is free). */
  maxDelayMs: number;
  /** Batches being written at once, each on its own pool connection. Default 1: in arrival order. */
  concurrency?: number;
  /** True when a failed batch should be retried item by item (the error is in a row, not the store). */
  isolar?: (err: unknown) => boolean;
}

interface Pendente<T> {
  item: T;
  /** When it was added (performance.now()). */
  t: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Lote<T> {
  itens: Pendente<T>[];
  terminar: () => void;
}

export class BatchWriter<T> {
  private fila: Pendente<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Batches cut by flush() and not yet started, oldest first. */
  private readonly prontos: Lote<T>[] = [];
  /** Every batch cut and not yet finished. */
  private readonly abertos = new Set<Promise<void>>();
  private gravando = 0;
  private fechado = false;

  constructor(
    private readonly gravar: (itens: T[]) => Promise<void>,
    private readonly opts: BatchWriterOptions,
  ) {}

  add(item: T): Promise<void> {
    if (this.fechado) return Promise.reject(new Error('BatchWriter fechado'));
    return new Promise<void>((resolve, reject) => {
      this.fila.push({ item, t: performance.now(), resolve, reject });
      this.escrever();
    });
  }

  get pendentes(): number {
    return this.fila.length;
  }

  /** Cuts what waits now; resolves when that (and every batch before it) is done. */
  flush(): Promise<void> {
    this.desarmar();
    while (this.fila.length > 0) this.prontos.push(this.cortar());
    this.escrever();
    return Promise.all(this.abertos).then(() => undefined);
  }

  /** Commits what waits and refuses anything new. */
  async close(): Promise<void> {
    this.fechado = true;
    await this.flush();
  }

  private cortar(): Lote<T> {
    let terminar: () => void = () => undefined;
    const feito = new Promise<void>((r) => (terminar = r));
    this.abertos.add(feito);
    void feito.then(() => this.abertos.delete(feito));
    return { itens: this.fila.splice(0, this.opts.maxItems), terminar };
  }

  private desarmar() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Starts batches while a writer is free: flushed ones first, then what waits, when it is due. */
  private escrever() {
    while (this.gravando < (this.opts.concurrency ?? 1)) {
      let lote = this.prontos.shift();
      if (!lote) {
        const primeiro = this.fila[0];
        if (!primeiro) return this.desarmar();
        const espera = primeiro.t + this.opts.maxDelayMs - performance.now();
        if (this.fila.length < this.opts.maxItems && espera > 0) {
          this.timer ??= setTimeout(() => {
            this.timer = undefined;
            this.escrever();
          }, espera);
          return;
        }
        lote = this.cortar();
      }
      this.iniciar(lote);
    }
  }

  private iniciar(lote: Lote<T>) {
    this.gravando++;
    // Through a promise, so a writer that throws synchronously still rejects its batch.
    void Promise.resolve()
      .then(() => this.gravar(lote.itens.map((p) => p.item)))
      .then(
        () => {
          for (const p of lote.itens) p.resolve();
        },
        (err: unknown) => (lote.itens.length > 1 && this.opts.isolar?.(err) ? this.umPorUm(lote.itens) : rejeitarTodos(lote.itens, err)),
      )
      .finally(() => {
        this.gravando--;
        lote.terminar();
        this.escrever();
      });
  }

  /** Each item in its own write, in order, so one bad item cannot hold back the others. */
  private async umPorUm(itens: Pendente<T>[]) {
    for (const p of itens) {
      await Promise.resolve()
        .then(() => this.gravar([p.item]))
        .then(p.resolve, p.reject);
    }
  }
}

function rejeitarTodos<T>(itens: Pendente<T>[], err: unknown) {
  for (const p of itens) p.reject(err);
}
