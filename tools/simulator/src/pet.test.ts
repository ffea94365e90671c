import { describe, expect, it } from 'vitest';
import { MAX_SPEED_KMH, Pet, haversineM, radioEnvironment, seededRandom } from './pet';

describe('Pet', () => {
  it.each([1, 2, 42, 2026])('stays within the radius and the speed bounds over 10,000 steps (seed %i)', (seed) => {
    const pet = new Pet({ homeLat: -23.5614, homeLng: -46.6559, radiusM: 2000, random: seededRandom(seed) });
    let indoors = 0;
    let moving = 0;
    for (let i = 0; i < 10_000; i++) {
      const s = pet.step(10);
      expect(s.speedKmh).toBeGreaterThanOrEqual(0);
      expect(s.speedKmh).toBeLessThanOrEqual(MAX_SPEED_KMH);
      expect(haversineM(-23.5614, -46.6559, s.latitude, s.longitude)).toBeLessThanOrEqual(2000 * 1.01);
      expect(s.course).toBeGreaterThanOrEqual(0);
      expect(s.course).toBeLessThan(360);
      expect(s.battery).toBeGreaterThanOrEqual(1);
      expect(s.battery).toBeLessThanOrEqual(100);
      if (s.indoors) indoors++;
      if (s.speedKmh > 0.5) moving++;
    }
    // It does both: walks about and spends time indoors.
    expect(indoors).toBeGreaterThan(100);
    expect(moving).toBeGreaterThan(1000);
  });

  it('has stable radio surroundings per seed', () => {
    expect(radioEnvironment(seededRandom(7))).toEqual(radioEnvironment(seededRandom(7)));
    const { accessPoints } = radioEnvironment(seededRandom(7));
    for (const ap of accessPoints) expect(ap.mac).toMatch(/^02(:[0-9a-f]{2}){5}$/);
  });
});
