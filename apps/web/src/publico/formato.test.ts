import { describe, expect, it } from 'vitest';
import { formatarDataHora, haQuanto, linkDeLigacao, precisao, telefone } from './formato';

describe('the public page’s formats', () => {
  it('says how precise the position is, in metres or kilometres', () => {
    expect(precisao(20)).toBe('Precisão de ~20 m');
    expect(precisao(45.4)).toBe('Precisão de ~45 m');
    expect(precisao(0.2)).toBe('Precisão de ~1 m');
    expect(precisao(1500)).toBe('Precisão de ~1,5 km');
    expect(precisao(12_000)).toBe('Precisão de ~12 km');
    expect(precisao(12_340)).toBe('Precisão de ~12,3 km');
  });

  it('writes a phone as people do and dials it with the country code', () => {
    expect(telefone('11988887777')).toBe('(11) 9 8888-7777');
    expect(telefone('1133334444')).toBe('(11) 3333-4444');
    expect(telefone('123')).toBe('123');
    expect(linkDeLigacao('11988887777')).toBe('tel:+5511988887777');
  });

  it('says how long ago', () => {
    const agora = Date.parse('2025-03-02T12:00:00Z');
    expect(haQuanto('2025-03-02T11:59:30Z', agora)).toBe('agora');
    expect(haQuanto('2025-03-02T11:57:00Z', agora)).toBe('há 3 min');
  });

  it('writes day, month and time in the viewer’s own clock', () => {
    // 2 March 2025, 09:05 wherever the test runs.
    expect(formatarDataHora(new Date(2025, 2, 2, 9, 5).toISOString())).toBe('02/03, 09:05');
    expect(formatarDataHora(new Date(2025, 11, 31, 23, 59).toISOString())).toBe('31/12, 23:59');
  });
});
