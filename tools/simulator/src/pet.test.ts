import { describe, expect, it } from 'vitest';
import { MAX_SPEED_KMH, Pet, VELOCIDADE_FUGA_KMH, haversineM, radioEnvironment, seededRandom, type FaseFuga } from './pet';

const CASA = { lat: -23.5614, lng: -46.6559 };
const daCasa = (s: { latitude: number; longitude: number }) => haversineM(CASA.lat, CASA.lng, s.latitude, s.longitude);

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

  it.each([1, 42])('escapes every intervaloS: runs past the distance, stays out, walks back home (seed %i)', (seed) => {
    const pet = new Pet({
      homeLat: CASA.lat,
      homeLng: CASA.lng,
      radiusM: 60,
      random: seededRandom(seed),
      fuga: { intervaloS: 180, distanciaM: 300, foraS: 60 },
    });
    const fugas: { inicio: number; maxM: number; fimM: number; fases: FaseFuga[] }[] = [];
    let anterior: FaseFuga | null = null;
    // Two hours in 5 s steps, as the demo's tracker reports.
    for (let t = 5; t <= 7200; t += 5) {
      const s = pet.step(5);
      expect(s.speedKmh).toBeLessThanOrEqual(VELOCIDADE_FUGA_KMH);
      const m = daCasa(s);
      if (s.fuga === null) expect(m).toBeLessThanOrEqual(60 * 1.01);
      else expect(s.indoors).toBe(false);
      if (s.fuga !== null && anterior === null) fugas.push({ inicio: t, maxM: 0, fimM: Infinity, fases: [] });
      const atual = fugas.at(-1);
      if (s.fuga !== null && atual) {
        atual.maxM = Math.max(atual.maxM, m);
        if (atual.fases.at(-1) !== s.fuga) atual.fases.push(s.fuga);
      }
      if (s.fuga === null && anterior !== null && atual) atual.fimM = m;
      anterior = s.fuga;
    }
    // 3 min at home, ~90 s out at 12 km/h, 60 s there, ~90 s back: an escape every ~7 min.
    expect(fugas.length).toBeGreaterThanOrEqual(16);
    expect(fugas[0]?.inicio).toBe(180);
    for (const f of fugas.slice(0, -1)) {
      expect(f.fases).toEqual(['indo', 'fora', 'voltando']);
      expect(f.maxM).toBeGreaterThan(300 * 0.99);
      expect(f.maxM).toBeLessThan(300 + 20);
      expect(f.fimM).toBeLessThan(1);
    }
  });

  it('fugir() starts an escape now, even for a pet configured without escapes', () => {
    const pet = new Pet({ homeLat: CASA.lat, homeLng: CASA.lng, radiusM: 50, random: seededRandom(7) });
    for (let i = 0; i < 100; i++) expect(pet.step(10).fuga).toBeNull();
    pet.fugir({ distanciaM: 200, foraS: 30 });
    const distancias: number[] = [];
    for (let s = pet.step(5); s.fuga !== null; s = pet.step(5)) {
      expect(s.indoors).toBe(false);
      distancias.push(daCasa(s));
      expect(distancias.length).toBeLessThan(200);
    }
    expect(Math.max(...distancias)).toBeGreaterThan(198);
    expect(daCasa(pet.snapshot())).toBeLessThan(1);
    // Back to its normal life, which has no timed escapes.
    for (let i = 0; i < 1000; i++) expect(pet.step(10).fuga).toBeNull();
  });

  it('irPara() walks to a point and stays there until voltarParaCasa(); imediato lands on the next step', () => {
    const pet = new Pet({ homeLat: CASA.lat, homeLng: CASA.lng, radiusM: 50, random: seededRandom(3) });
    const alvo = { lat: CASA.lat + 300 / 111_320, lng: CASA.lng };
    pet.irPara(alvo.lat, alvo.lng);
    let antes = Infinity;
    let s = pet.step(5);
    for (; s.fuga === 'indo'; s = pet.step(5)) {
      const falta = haversineM(alvo.lat, alvo.lng, s.latitude, s.longitude);
      expect(falta).toBeLessThan(antes);
      antes = falta;
      expect(s.course).toBe(0);
    }
    for (let i = 0; i < 100; i++, s = pet.step(60)) {
      expect(s.fuga).toBe('fora');
      expect(s.indoors).toBe(false);
      expect(haversineM(alvo.lat, alvo.lng, s.latitude, s.longitude)).toBeLessThan(0.5);
    }
    pet.voltarParaCasa({ imediato: true });
    s = pet.step(5);
    expect(s.fuga).toBeNull();
    expect(daCasa(s)).toBeLessThan(0.5);
    pet.irPara(alvo.lat, alvo.lng, { imediato: true });
    s = pet.step(1);
    expect(s.fuga).toBe('fora');
    expect(haversineM(alvo.lat, alvo.lng, s.latitude, s.longitude)).toBeLessThan(0.5);
  });
});
