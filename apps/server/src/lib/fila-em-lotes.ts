import type { FastifyBaseLogger } from 'fastify';

export interface OpcoesFilaEmLotes {
  /** What the log calls this work ('avaliação de zonas', 'atividade'). */
  nome: string;
  /** Items waiting past this are dropped, oldest first (what they came from is stored). */
  maximo: number;
  /** How long items gather before a batch is taken: 0 is the next turn of the event loop. */
  esperaMs: number;
}

/**
 * The in-memory queue of the work done after a position commits, off the device's ack path (the
 * safe-zone evaluator, daily activity): items are gathered and `aplicar` runs on a batch at a
 * time, in order; a batch that fails is logged and dropped, never retried here.
 */
export class FilaEmLotes<T> {
  private fila: T[] = [];
  private rodando: Promise<void> | undefined;

  constructor(
    private readonly aplicar: (lote: T[]) => Promise<void>,
    private readonly log: FastifyBaseLogger,
    private readonly opts: OpcoesFilaEmLotes,
  ) {}

  push(item: T) {
    this.fila.push(item);
    if (this.fila.length > this.opts.maximo) {
      const descartadas = this.fila.length - this.opts.maximo;
      this.fila.splice(0, descartadas);
      this.log.warn({ descartadas }, `${this.opts.nome} atrasada: posições antigas descartadas`);
    }
    this.rodando ??= this.processar();
  }

  /** Resolves once every queued item has been applied. */
  async ocioso() {
    while (this.rodando) await this.rodando;
  }

  private async processar() {
    while (this.fila.length > 0) {
      // Positions committed in one batch arrive in one turn of the event loop: at least that is gathered.
      await new Promise<void>((resolve) => (this.opts.esperaMs > 0 ? setTimeout(resolve, this.opts.esperaMs) : setImmediate(resolve)));
      const lote = this.fila;
      this.fila = [];
      try {
        await this.aplicar(lote);
      } catch (err) {
        this.log.error({ err, posicoes: lote.length }, `falha na ${this.opts.nome}`);
      }
    }
    this.rodando = undefined;
  }
}

/** A batch's items by tracker, each tracker's in the order they came (both consumers apply them per tracker). */
export function porRastreador<T extends { rastreadorId: number }>(lote: readonly T[]): Map<number, T[]> {
  const grupos = new Map<number, T[]>();
  for (const p of lote) {
    const lista = grupos.get(p.rastreadorId);
    if (lista) lista.push(p);
    else grupos.set(p.rastreadorId, [p]);
  }
  return grupos;
}
