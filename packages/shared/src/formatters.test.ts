import { describe, expect, it } from 'vitest';
import { formatarTelefone } from './formatters';

describe('formatarTelefone', () => {
  it('formats mobiles and landlines with the area code, as the forms’ masks write them', () => {
    expect(formatarTelefone('11987654321')).toBe('(11) 9 8765-4321');
    expect(formatarTelefone('1130000000')).toBe('(11) 3000-0000');
  });

  it('reads a number already written with a mask', () => {
    expect(formatarTelefone('(11) 98765-4321')).toBe('(11) 9 8765-4321');
    expect(formatarTelefone('(11) 9 8765-4321')).toBe('(11) 9 8765-4321');
  });

  it('gives an empty text for nothing', () => {
    expect(formatarTelefone(null)).toBe('');
    expect(formatarTelefone(undefined)).toBe('');
    expect(formatarTelefone('')).toBe('');
  });
});
