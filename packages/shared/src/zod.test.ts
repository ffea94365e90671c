import { describe, expect, it } from 'vitest';
import * as mini from 'zod/mini';
import * as z from './zod';

/**
 * Under Node the shared schemas' objects compile their parser (./zod.ts); the browser's are plain
 * zod/mini. Both must accept, strip and refuse the same things.
 */
const forma = <Z extends typeof mini>(zz: Z) =>
  zz.object({ id: zz.int(), nome: zz.string().check(zz.minLength(1)), posicao: zz.nullable(zz.object({ lat: zz.number() })) });

describe('@rastro/shared/zod on Node', () => {
  const compilado = forma(z as unknown as typeof mini);
  const simples = forma(mini);
  const casos: unknown[] = [
    { id: 1, nome: 'THOR', posicao: { lat: -23.5, extra: true }, senha: 'nunca' },
    { id: 1.5, nome: '', posicao: null },
    { id: 2, posicao: { lat: 'x' } },
    null,
    'texto',
  ];

  it('parses, strips unknown keys and reports issues exactly as plain zod/mini', () => {
    for (const c of casos) {
      const a = compilado.safeParse(c);
      const b = simples.safeParse(c);
      expect(a.success).toBe(b.success);
      if (a.success && b.success) expect(a.data).toEqual(b.data);
      else expect(a.error?.issues).toEqual(b.error?.issues);
    }
    expect(compilado.parse(casos[0])).toEqual({ id: 1, nome: 'THOR', posicao: { lat: -23.5 } });
  });

  it('keeps the compiled parser through z.extend and z.pick, and the shape', () => {
    const estendido = z.extend(compilado, { bateria: z.optional(z.int()) });
    const recortado = z.pick(estendido, { id: true, bateria: true });
    for (const s of [compilado, estendido, recortado]) expect(s._zod.traits.has('$ZodObjectJIT')).toBe(true);
    expect(Object.keys(recortado.shape)).toEqual(['id', 'bateria']);
    expect(recortado.parse({ id: 3, bateria: 80, nome: 'x' })).toEqual({ id: 3, bateria: 80 });
  });
});
