import * as z from '@rastro/shared/zod';
import { describe, expect, it } from 'vitest';
import { cepOpcional, idDoFormulario, idOpcional, opcional } from './fields';

describe('optional fields', () => {
  const form = z.object({ rg: opcional(15), cep: cepOpcional(), estadoId: idOpcional(), id: idDoFormulario() });

  it('read a left-out or null key as blank (text), null (select) or absent (id)', () => {
    expect(form.parse({})).toEqual({ rg: '', cep: '', estadoId: null });
    expect(form.parse({ rg: null, cep: null, estadoId: null, id: null })).toEqual({ rg: '', cep: '', estadoId: null });
    expect(form.parse({ rg: ' 12.345 ', cep: '01310-100', estadoId: 3, id: 7 })).toEqual({
      rg: '12.345',
      cep: '01310-100',
      estadoId: 3,
      id: 7,
    });
  });

  it('still check a value that is there', () => {
    const r = form.safeParse({ rg: '1'.repeat(16), cep: '123', estadoId: 0, id: -1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['cep', 'estadoId', 'id', 'rg']);
  });
});
