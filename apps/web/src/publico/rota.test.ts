import { describe, expect, it } from 'vitest';
import { afinar } from './rota';

/** About 1.1 m of latitude per 0.00001°. */
const norte = (metros: number): [number, number] => [-23.55 + metros / 111_195, -46.63];

describe('the share page’s route', () => {
  it('keeps a point only once the pet moved 10 m from the last one kept, and always the newest', () => {
    const pontos = [0, 3, 6, 9, 12, 14, 30, 31].map(norte);
    expect(afinar(pontos)).toEqual([norte(0), norte(12), norte(30), norte(31)]);
  });

  it('keeps a trail of far-apart points whole, and an empty one empty', () => {
    const pontos = [0, 50, 100, 150].map(norte);
    expect(afinar(pontos)).toEqual(pontos);
    expect(afinar([])).toEqual([]);
    expect(afinar([norte(5)])).toEqual([norte(5)]);
  });

  it('turns a thousand fixes of a pet pacing a small garden into a few', () => {
    const pontos = Array.from({ length: 1000 }, (_, i) => norte((i % 20) * 0.4));
    expect(afinar(pontos).length).toBeLessThanOrEqual(3);
  });
});
