import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FilaEmLotes } from './fila-em-lotes';

/** A real pino logger whose lines are kept, parsed. */
function logger() {
  const linhas: { level: number; msg: string; descartadas?: number }[] = [];
  const destino = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) linhas.push(JSON.parse(l) as (typeof linhas)[number]);
      done();
    },
  });
  return { log: pino({ level: 'info' }, destino), linhas };
}

describe('FilaEmLotes', () => {
  it('applies what was pushed in one turn as one batch, and what came while it ran as the next, in order', async () => {
    const { log } = logger();
    const lotes: number[][] = [];
    let liberar: () => void = () => undefined;
    const bloqueio = new Promise<void>((r) => (liberar = r));
    const f = new FilaEmLotes<number>(
      async (lote) => {
        lotes.push(lote);
        if (lotes.length === 1) await bloqueio;
      },
      log,
      { nome: 'teste', maximo: 100, esperaMs: 0 },
    );
    f.push(1);
    f.push(2);
    await new Promise((r) => setTimeout(r, 10));
    f.push(3);
    f.push(4);
    liberar();
    await f.ocioso();
    expect(lotes).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('gathers for esperaMs before taking a batch', async () => {
    const { log } = logger();
    const lotes: number[][] = [];
    const f = new FilaEmLotes<number>(async (lote) => void lotes.push(lote), log, { nome: 'teste', maximo: 100, esperaMs: 80 });
    f.push(1);
    await new Promise((r) => setTimeout(r, 30));
    f.push(2);
    expect(lotes).toEqual([]);
    await f.ocioso();
    expect(lotes).toEqual([[1, 2]]);
  });

  it('drops the oldest past its maximum with a warning, and goes on after a batch that fails', async () => {
    const { log, linhas } = logger();
    const lotes: number[][] = [];
    const f = new FilaEmLotes<number>(
      async (lote) => {
        if (lote.includes(0)) throw new Error('banco fora');
        lotes.push(lote);
      },
      log,
      { nome: 'teste', maximo: 3, esperaMs: 0 },
    );
    f.push(0);
    await f.ocioso();
    for (const n of [1, 2, 3, 4, 5]) f.push(n);
    await f.ocioso();
    expect(lotes).toEqual([[3, 4, 5]]);
    expect(linhas.filter((l) => l.level === 50).map((l) => l.msg)).toEqual(['falha na teste']);
    expect(linhas.filter((l) => l.level === 40).map((l) => l.descartadas)).toEqual([1, 1]);
  });
});
