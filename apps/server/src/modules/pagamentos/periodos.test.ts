import { describe, expect, it } from 'vitest';
import { hojeEm, inicioDoPeriodo, periodoQueContem, somarDias } from './periodos';

describe('billing periods', () => {
  it('keeps the anchor day: 31 Jan, 28 Feb, 31 Mar; each period ends the day before the next', () => {
    expect([0, 1, 2, 3].map((k) => inicioDoPeriodo('2027-01-31', 'MENSAL', k))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(periodoQueContem('2027-01-31', 'MENSAL', '2027-03-01')).toEqual({ k: 1, inicio: '2027-02-28', fim: '2027-03-30' });
    expect(periodoQueContem('2026-11-28', 'MENSAL', '2026-11-28')).toEqual({ k: 0, inicio: '2026-11-28', fim: '2026-12-27' });
    expect(periodoQueContem('2026-11-28', 'MENSAL', '2026-11-01')).toEqual({ k: 0, inicio: '2026-11-28', fim: '2026-12-27' });
  });

  it('a year runs to the day before the same day next year (29 Feb: 28 Feb in common years)', () => {
    expect(periodoQueContem('2026-11-28', 'ANUAL', '2027-11-27')).toEqual({ k: 0, inicio: '2026-11-28', fim: '2027-11-27' });
    expect(periodoQueContem('2028-02-29', 'ANUAL', '2029-03-01')).toEqual({ k: 1, inicio: '2029-02-28', fim: '2030-02-27' });
  });

  it('covers every day exactly once over three years of monthly periods', () => {
    let dia = '2027-01-31';
    for (let k = 0; k < 36; k++) {
      const p = periodoQueContem('2027-01-31', 'MENSAL', dia);
      expect([p.k, p.inicio]).toEqual([k, dia]);
      dia = somarDias(p.fim, 1);
    }
    expect(dia).toBe('2030-01-31');
  });

  it('tells today in the server timezone, not UTC', () => {
    expect(hojeEm('America/Sao_Paulo', new Date('2026-11-28T02:30:00Z'))).toBe('2026-11-27');
    expect(hojeEm('UTC', new Date('2026-11-28T02:30:00Z'))).toBe('2026-11-28');
  });
});
