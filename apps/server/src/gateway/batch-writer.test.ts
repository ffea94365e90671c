import { describe, expect, it } from 'vitest';
import { BatchWriter } from './batch-writer';

describe('BatchWriter', () => {
  it('commits up to maxItems together and resolves each add only after its batch committed', async () => {
    const lotes: number[][] = [];
    let liberar: () => void = () => undefined;
    const bloqueio = new Promise<void>((r) => (liberar = r));
    const w = new BatchWriter<number>(async (itens) => {
      await bloqueio;
      lotes.push(itens);
    }, { maxItems: 3, maxDelayMs: 10_000 });
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
    const w = new BatchWriter<string>(async (itens) => void lotes.push(itens), { maxItems: 100, maxDelayMs: 20 });
    await Promise.all([w.add('a'), w.add('b')]);
    expect(lotes).toEqual([['a', 'b']]);
  });

  it('rejects every item of a failed batch and keeps working afterwards', async () => {
    let falhar = true;
    const ok: number[][] = [];
    const w = new BatchWriter<number>(async (itens) => {
      if (falhar) throw new Error('banco fora');
      ok.push(itens);
    }, { maxItems: 2, maxDelayMs: 5 });
    const r = await Promise.allSettled([w.add(1), w.add(2)]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    falhar = false;
    await w.add(3);
    expect(ok).toEqual([[3]]);
    await w.close();
    await expect(w.add(4)).rejects.toThrow('fechado');
  });
});
