import { describe, expect, it } from 'vitest';
import { centavosParaReais, diaBrParaIso, diaIsoParaBr, reaisParaCentavos } from './formatar';

describe('money and days on the payments screen', () => {
  it('reads reais into integer centavos exactly, never through floats', () => {
    expect(reaisParaCentavos('29,90')).toBe(2990);
    expect(reaisParaCentavos('29,9')).toBe(2990);
    expect(reaisParaCentavos('R$ 1.234,56')).toBe(123456);
    expect(reaisParaCentavos('100000')).toBe(10000000);
    expect(reaisParaCentavos('0,29')).toBe(29);
    // 0.1 + 0.2 territory: 1,15 is 115, not 114.99…
    expect(reaisParaCentavos('1,15')).toBe(115);
    for (const errado of ['', 'abc', '29.90', '29,999', '1.23,00', '-5', '12,']) expect(reaisParaCentavos(errado), errado).toBeNull();
  });

  it('writes centavos back and converts days both ways', () => {
    expect(centavosParaReais(2990)).toBe('29,90');
    expect(centavosParaReais(5)).toBe('0,05');
    expect(diaBrParaIso('28/11/2026')).toBe('2026-11-28');
    expect(diaIsoParaBr('2026-11-28')).toBe('28/11/2026');
    expect(diaBrParaIso('')).toBe('');
    expect(diaIsoParaBr(undefined)).toBe('');
  });
});
