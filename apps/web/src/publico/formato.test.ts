import { describe, expect, it } from 'vitest';
import { haQuanto, linkDeLigacao, precisao, telefone } from './formato';

describe('the public page’s formats', () => {
  it('says how precise the position is, in metres or kilometres', () => {
    expect(precisao(20)).toBe('Precisão de ~20 m');
    expect(precisao(45.4)).toBe('Precisão de ~45 m');
    expect(precisao(0.2)).toBe('Precisão de ~1 m');
    expect(precisao(1500)).toBe('Precisão de ~1,5 km');
    expect(precisao(12_000)).toBe('Precisão de ~12 km');
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
});
