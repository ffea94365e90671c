import { describe, expect, it } from 'vitest';
import { centroide, distancia, pesoDoSinal } from './centroide';

describe('centroide', () => {
  const paulista = { latitude: -23.5614, longitude: -46.6559 };

  it('measures distances on the globe', () => {
    expect(distancia(paulista, { latitude: -23.5505, longitude: -46.6333 })).toBeGreaterThan(2500);
    expect(distancia(paulista, { latitude: -23.5505, longitude: -46.6333 })).toBeLessThan(2700);
    expect(distancia(paulista, paulista)).toBe(0);
  });

  it('weighs stronger signals more, 10 dB = 10×', () => {
    expect(pesoDoSinal(-50) / pesoDoSinal(-60)).toBeCloseTo(10);
  });

  it('places the device near the strongest access points, with a plausible radius', () => {
    const forte = { latitude: -23.5614, longitude: -46.6559, sinalDbm: -45, alcance: 50 };
    const fraco = { latitude: -23.5634, longitude: -46.6579, sinalDbm: -85, alcance: 50 };
    const p = centroide([forte, fraco], 'WIFI');
    expect(p).not.toBeNull();
    if (!p) return;
    expect(distancia(p, forte)).toBeLessThan(5);
    expect(p.precisao).toBeGreaterThanOrEqual(50);
    expect(p.precisao).toBeLessThan(200);
    expect(p.fonte).toBe('WIFI');
  });

  it('returns null without usable emitters and ignores impossible coordinates', () => {
    expect(centroide([], 'LBS')).toBeNull();
    expect(centroide([{ latitude: 95, longitude: 0, sinalDbm: -60, alcance: 1000 }], 'LBS')).toBeNull();
    const p = centroide(
      [
        { latitude: NaN, longitude: 0, sinalDbm: -60, alcance: 1000 },
        { ...paulista, sinalDbm: -70, alcance: 1000 },
      ],
      'LBS',
    );
    expect(p?.latitude).toBeCloseTo(paulista.latitude, 9);
    expect(p?.longitude).toBeCloseTo(paulista.longitude, 9);
    expect(p?.precisao).toBe(1000);
  });
});
