import { describe, expect, it } from 'vitest';
import { pontoSob } from './pontos-da-rota';

describe('pontoSob: which route dot a click lands on', () => {
  const pontos = [
    { x: 100, y: 100 },
    { x: 200, y: 100 },
    { x: 104, y: 100 },
  ];

  it('the dot within reach of the click', () => {
    expect(pontoSob(pontos, { x: 198, y: 103 }, 5)).toBe(1);
  });

  it('of dots on top of each other, the latest: the one drawn on top', () => {
    expect(pontoSob(pontos, { x: 102, y: 100 }, 5)).toBe(2);
    expect(pontoSob(pontos, { x: 97, y: 100 }, 5)).toBe(0);
  });

  it('none outside the reach, and none on an empty route', () => {
    expect(pontoSob(pontos, { x: 150, y: 100 }, 5)).toBeNull();
    expect(pontoSob(pontos, { x: 200, y: 106 }, 5)).toBeNull();
    expect(pontoSob([], { x: 0, y: 0 }, 5)).toBeNull();
  });
});
