import { describe, expect, it } from 'vitest';
import { FilaPorChave } from './fila-por-chave';

const dormir = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('FilaPorChave', () => {
  it('runs one key’s tasks one at a time, in order, and other keys’ beside them', async () => {
    const q = new FilaPorChave<number>();
    const log: string[] = [];
    const tarefa = (k: number, n: number, ms: number) => () => {
      log.push(`inicio ${k}.${n}`);
      return dormir(ms).then(() => {
        log.push(`fim ${k}.${n}`);
        return n;
      });
    };
    const r = await Promise.all([q.run(1, tarefa(1, 1, 30)), q.run(1, tarefa(1, 2, 1)), q.run(2, tarefa(2, 1, 1))]);
    expect(r).toEqual([1, 2, 1]);
    expect(log.indexOf('fim 1.1')).toBeLessThan(log.indexOf('inicio 1.2'));
    expect(log.indexOf('inicio 2.1')).toBeLessThan(log.indexOf('fim 1.1'));
  });

  it('a failed task rejects its own caller only; the next one runs', async () => {
    const q = new FilaPorChave<string>();
    const falha = q.run('a', () => Promise.reject(new Error('x')));
    const depois = q.run('a', () => Promise.resolve('ok'));
    await expect(falha).rejects.toThrow('x');
    await expect(depois).resolves.toBe('ok');
  });
});
