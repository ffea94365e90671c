import { describe, expect, it } from 'vitest';
import { formatarCoordenada, formatarDataHora, formatarHaQuanto } from './format';

describe('formatarHaQuanto', () => {
  const agora = new Date('2026-11-25T17:30:00Z');
  const antes = (ms: number) => new Date(agora.getTime() - ms).toISOString();

  it('reads minutes, hours and days as a phone does', () => {
    expect(formatarHaQuanto(antes(20_000), agora)).toBe('agora');
    expect(formatarHaQuanto(antes(3 * 60_000 + 59_000), agora)).toBe('há 3 min');
    expect(formatarHaQuanto(antes(59 * 60_000), agora)).toBe('há 59 min');
    expect(formatarHaQuanto(antes(2 * 3_600_000 + 10), agora)).toBe('há 2 h');
    expect(formatarHaQuanto(antes(25 * 3_600_000), agora)).toBe('há 1 dia');
    expect(formatarHaQuanto(antes(6 * 86_400_000), agora)).toBe('há 6 dias');
  });

  it('falls back to the date past a week, and to "agora" for a clock ahead', () => {
    const velho = antes(8 * 86_400_000);
    expect(formatarHaQuanto(velho, agora)).toBe(formatarDataHora(velho));
    expect(formatarHaQuanto('2026-11-25T18:00:00Z', agora)).toBe('agora');
    expect(formatarHaQuanto(null, agora)).toBe('');
    expect(formatarHaQuanto('ontem', agora)).toBe('');
  });
});

describe('formatarCoordenada', () => {
  it('keeps 6 decimals', () => {
    expect(formatarCoordenada(-23.561414123456789)).toBe('-23.561414');
    expect(formatarCoordenada(-46)).toBe('-46.000000');
  });
});
