import { describe, expect, it } from 'vitest';
import { GravadorEmLotes } from './gravador-em-lotes';

describe('GravadorEmLotes', () => {
  it('commits up to maxItems together and resolves each add only after its batch committed', async () => {
    const lotes: number[][] = [];
    let liberar: () => void = () => undefined;
    const bloqueio = new Promise<void>((r) => (liberar = r));
    const w = new GravadorEmLotes<number>(
      async (itens) => {
        await bloqueio;
        lotes.push(itens);
      },
      { maxItems: 3, maxDelayMs: 10_000 },
    );
    const resolvidos: number[] = [];
    const adds = [1, 2, 3, 4].map((n) => w.add(n).then(() => resolvidos.push(n)));
    await new Promise((r) => setTimeout(r, 20));
    expect(resolvidos).toEqual([]);
    liberar();
    await Promise.all(adds.slice(0, 3));
    expect(lotes).toEqual([[1, 2, 3]]);
    expect(resolvidos).toEqual([1, 2, 3]);
    await w.close();
    await adds[3];
    expect(lotes).toEqual([[1, 2, 3], [4]]);
  });

  it('flushes after maxDelayMs when few items wait', async () => {
    const lotes: string[][] = [];
    const w = new GravadorEmLotes<string>(async (itens) => void lotes.push(itens), { maxItems: 100, maxDelayMs: 20 });
    await Promise.all([w.add('a'), w.add('b')]);
    expect(lotes).toEqual([['a', 'b']]);
  });

  it('rejects every item of a failed batch and keeps working afterwards', async () => {
    let falhar = true;
    const ok: number[][] = [];
    const w = new GravadorEmLotes<number>(
      async (itens) => {
        if (falhar) throw new Error('banco fora');
        ok.push(itens);
      },
      { maxItems: 2, maxDelayMs: 5 },
    );
    const r = await Promise.allSettled([w.add(1), w.add(2)]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    falhar = false;
    await w.add(3);
    expect(ok).toEqual([[3]]);
    await w.close();
    await expect(w.add(4)).rejects.toThrow('fechado');
  });

  it('retries a batch item by item when its error is in the data: only the bad item rejects', async () => {
    const lotes: number[][] = [];
    const w = new GravadorEmLotes<number>(
      async (itens) => {
        if (itens.includes(13)) throw Object.assign(new Error('fora do intervalo'), { code: '22003' });
        lotes.push(itens);
      },
      { maxItems: 10, maxDelayMs: 5, isolate: (err) => (err as { code?: string }).code === '22003' },
    );
    const r = await Promise.allSettled([1, 13, 2].map((n) => w.add(n)));
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(lotes).toEqual([[1], [2]]);
  });

  it('gathers what arrives while the writer is busy into one batch (group commit)', async () => {
    const lotes: number[][] = [];
    let liberar: () => void = () => undefined;
    const bloqueio = new Promise<void>((r) => (liberar = r));
    const w = new GravadorEmLotes<number>(
      async (itens) => {
        lotes.push(itens);
        if (lotes.length === 1) await bloqueio;
      },
      { maxItems: 100, maxDelayMs: 5 },
    );
    const primeiro = w.add(1);
    await new Promise((r) => setTimeout(r, 20));
    const depois = [2, 3, 4].map((n) => w.add(n));
    // Long past maxDelayMs, but the only writer is busy: nothing new is cut yet.
    await new Promise((r) => setTimeout(r, 30));
    expect(lotes).toEqual([[1]]);
    liberar();
    await Promise.all([primeiro, ...depois]);
    expect(lotes).toEqual([[1], [2, 3, 4]]);
  });

  it('writes up to `concurrency` batches at once, and one failing batch rejects only its own items', async () => {
    const emCurso: number[][] = [];
    let maxSimultaneos = 0;
    const liberar: (() => void)[] = [];
    const w = new GravadorEmLotes<number>(
      async (itens) => {
        emCurso.push(itens);
        maxSimultaneos = Math.max(maxSimultaneos, emCurso.length);
        await new Promise<void>((r) => liberar.push(r));
        emCurso.splice(emCurso.indexOf(itens), 1);
        if (itens.includes(2)) throw new Error('lote 2 falhou');
      },
      { maxItems: 1, maxDelayMs: 5, concurrency: 2 },
    );
    const r = [1, 2, 3].map((n) =>
      w.add(n).then(
        () => 'ok',
        () => 'falhou',
      ),
    );
    await new Promise((res) => setTimeout(res, 20));
    expect(emCurso).toEqual([[1], [2]]);
    while (liberar.length || emCurso.length) {
      liberar.shift()?.();
      await new Promise((res) => setTimeout(res, 5));
    }
    expect(await Promise.all(r)).toEqual(['ok', 'falhou', 'ok']);
    expect(maxSimultaneos).toBe(2);
  });
});
