import { describe, expect, it } from 'vitest';
import { distanciaMetros } from '@rastro/shared/geometria';
import { aplicarLocalizacao, REGRAS_ATIVIDADE_PADRAO, type EstadoAtividade, type LocalizacaoAtividade, type Parcelas } from './calculo';
import { Calendario } from './calendario';

const R = 6_371_008.8;
const rad = (g: number) => (g * Math.PI) / 180;
const graus = (r: number) => (r * 180) / Math.PI;

/** The point `metros` from (lat, lon) along `rumo` degrees (great circle). */
function destino(lat: number, lon: number, rumo: number, metros: number) {
  const d = metros / R;
  const f1 = rad(lat);
  const l1 = rad(lon);
  const b = rad(rumo);
  const f2 = Math.asin(Math.sin(f1) * Math.cos(d) + Math.cos(f1) * Math.sin(d) * Math.cos(b));
  const l2 = l1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(f1), Math.cos(d) - Math.sin(f1) * Math.sin(f2));
  return { latitude: graus(f2), longitude: graus(l2) };
}

/** A reproducible pseudo-random sequence (mulberry32). */
function aleatorio(semente: number) {
  let a = semente;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SP = new Calendario('America/Sao_Paulo');
const CASA = { latitude: -23.5614, longitude: -46.6559 };

function rodar(fixes: readonly LocalizacaoAtividade[], inicial?: EstadoAtividade) {
  const dias: Parcelas = new Map();
  let estado = inicial;
  for (const f of fixes) estado = aplicarLocalizacao(estado, f, REGRAS_ATIVIDADE_PADRAO, SP, dias);
  const totais = (dia: string) => {
    const p = dias.get(dia) ?? { metros: 0, ativoMs: 0, repousoMs: 0 };
    return { metros: p.metros, ativos: Math.round(p.ativoMs / 60_000), repouso: Math.round(p.repousoMs / 60_000) };
  };
  return { dias, estado, totais };
}

describe('activity from positions (jitter filtered)', () => {
  it('a pet walking 1 km in a straight line at 5 km/h for 12 minutes: 1,000 m ± 2 % and 12 active minutes', () => {
    const inicio = Date.parse('2026-11-20T12:00:00-03:00');
    const fixes: LocalizacaoAtividade[] = [];
    // A fix every 10 s, 13.9 m apart: three of them before the pet leaves two 20 m circles.
    for (let s = 0; s <= 720; s += 10)
      fixes.push({ quando: inicio + s * 1000, ...destino(CASA.latitude, CASA.longitude, 37, (s / 720) * 1000), precisao: 20 });
    expect(distanciaMetros(fixes[0] ?? CASA, fixes.at(-1) ?? CASA)).toBeCloseTo(1000, 3);
    const { totais, dias } = rodar(fixes);
    expect([...dias.keys()]).toEqual(['2026-11-20']);
    const dia = totais('2026-11-20');
    expect(dia.metros).toBeGreaterThanOrEqual(980);
    expect(dia.metros).toBeLessThanOrEqual(1020);
    expect(dia.ativos).toBe(12);
    expect(dia.repouso).toBe(0);
  });

  it('the same walk reported every 60 s counts the same', () => {
    const inicio = Date.parse('2026-11-20T12:00:00-03:00');
    const fixes: LocalizacaoAtividade[] = [];
    for (let s = 0; s <= 720; s += 60)
      fixes.push({ quando: inicio + s * 1000, ...destino(CASA.latitude, CASA.longitude, 200, (s / 720) * 1000), precisao: 20 });
    const dia = rodar(fixes).totais('2026-11-20');
    expect(Math.abs(dia.metros - 1000)).toBeLessThanOrEqual(20);
    expect(dia.ativos).toBe(12);
  });

  it('a still pet with ±15 m GPS noise for 8 hours: under 50 m and 0 active minutes (the rest is rest)', () => {
    const rnd = aleatorio(20);
    const inicio = Date.parse('2026-11-20T09:00:00-03:00');
    const fixes: LocalizacaoAtividade[] = [];
    for (let s = 0; s <= 8 * 3600; s += 30) {
      // Uniform in a 15 m disc around home.
      const p = destino(CASA.latitude, CASA.longitude, rnd() * 360, 15 * Math.sqrt(rnd()));
      fixes.push({ quando: inicio + s * 1000, ...p, precisao: 20 });
    }
    const dia = rodar(fixes).totais('2026-11-20');
    expect(dia.metros).toBeLessThan(50);
    expect(dia.ativos).toBe(0);
    // Observed rest, less at most the last few minutes not yet classified.
    expect(dia.repouso).toBeGreaterThanOrEqual(8 * 60 - 3);
    expect(dia.repouso).toBeLessThanOrEqual(8 * 60);
  });

  it('midnight in São Paulo splits the walk between the two days', () => {
    // 23:54 to 00:06 walking 1 km at 5 km/h.
    const t0 = Date.parse('2026-11-20T23:54:00-03:00');
    const fixes: LocalizacaoAtividade[] = [];
    for (let s = 0; s <= 720; s += 15)
      fixes.push({ quando: t0 + s * 1000, ...destino(CASA.latitude, CASA.longitude, 90, (s / 720) * 1000), precisao: 20 });
    const { totais, dias } = rodar(fixes);
    expect([...dias.keys()].sort()).toEqual(['2026-11-20', '2026-11-21']);
    const antes = totais('2026-11-20');
    const depois = totais('2026-11-21');
    expect(antes.ativos).toBe(6);
    expect(depois.ativos).toBe(6);
    expect(antes.metros).toBeCloseTo(500, -1);
    expect(depois.metros).toBeCloseTo(500, -1);
  });

  it('midnight in São Paulo splits rest too, and a walk after resting is active only for its own time', () => {
    // Still from 23:30 to 00:30, then 800 m at 6 km/h (8 min), with ±5 m of noise.
    const t0 = Date.parse('2026-11-20T23:30:00-03:00');
    const rnd = aleatorio(3);
    const fixes: LocalizacaoAtividade[] = [];
    for (let s = 0; s <= 68 * 60; s += 20) {
      const andado = s <= 60 * 60 ? 0 : ((s - 60 * 60) / (8 * 60)) * 800;
      fixes.push({ quando: t0 + s * 1000, ...destino(CASA.latitude, CASA.longitude, 90, andado + (rnd() - 0.5) * 10), precisao: 20 });
    }
    const { totais } = rodar(fixes);
    const antes = totais('2026-11-20');
    const depois = totais('2026-11-21');
    expect(antes).toMatchObject({ metros: 0, ativos: 0, repouso: 30 });
    expect(depois.repouso).toBeGreaterThanOrEqual(29);
    expect(depois.repouso).toBeLessThanOrEqual(31);
    expect(depois.ativos).toBe(8);
    expect(Math.abs(depois.metros - 800)).toBeLessThan(20);
  });

  it('a day is the day in São Paulo, not in UTC (02:30 UTC is the evening before)', () => {
    const t0 = Date.parse('2026-11-21T02:30:00Z');
    const fixes = [0, 60, 120, 180, 240].map((s) => ({ quando: t0 + s * 1000, ...CASA, precisao: 20 }));
    expect([...rodar(fixes).dias.keys()]).toEqual(['2026-11-20']);
  });

  it('a fix implying more than 60 km/h from the anchor is discarded', () => {
    const t0 = Date.parse('2026-11-20T10:00:00-03:00');
    const longe = destino(CASA.latitude, CASA.longitude, 0, 2000);
    const { estado, dias } = rodar([
      { quando: t0, ...CASA, precisao: 20 },
      // 2 km in 60 s = 120 km/h.
      { quando: t0 + 60_000, ...longe, precisao: 20 },
      { quando: t0 + 120_000, ...CASA, precisao: 20 },
    ]);
    expect(dias.get('2026-11-20')?.metros ?? 0).toBe(0);
    expect(estado?.latitude).toBe(CASA.latitude);
  });

  it('WI-FI fixes count their own accuracy: a 100 m wobble between 80 m fixes is no move', () => {
    const t0 = Date.parse('2026-11-20T10:00:00-03:00');
    const fixes = [0, 1, 2, 3, 4, 5].map((i) => ({
      quando: t0 + i * 60_000,
      ...destino(CASA.latitude, CASA.longitude, i % 2 ? 0 : 180, 50),
      precisao: 80,
    }));
    const dia = rodar(fixes).totais('2026-11-20');
    expect(dia.metros).toBe(0);
    expect(dia.ativos).toBe(0);
  });

  it('more than 10 minutes without fixes is not observed time; a move across it counts its distance only', () => {
    const t0 = Date.parse('2026-11-20T10:00:00-03:00');
    const longe = destino(CASA.latitude, CASA.longitude, 45, 1500);
    const dia = rodar([
      { quando: t0, ...CASA, precisao: 20 },
      { quando: t0 + 60_000, ...CASA, precisao: 20 },
      { quando: t0 + 60 * 60_000, ...longe, precisao: 20 },
    ]).totais('2026-11-20');
    expect(dia.metros).toBeCloseTo(1500, 0);
    expect(dia.ativos).toBe(0);
    expect(dia.repouso).toBe(1);
  });

  it('fixes not newer than the last applied are ignored', () => {
    const t0 = Date.parse('2026-11-20T10:00:00-03:00');
    const longe = destino(CASA.latitude, CASA.longitude, 45, 300);
    const { estado, dias } = rodar([
      { quando: t0 + 120_000, ...CASA, precisao: 20 },
      { quando: t0, ...longe, precisao: 20 },
      { quando: t0 + 120_000, ...longe, precisao: 20 },
    ]);
    expect(dias.size).toBe(0);
    expect(estado?.ultimo).toBe(t0 + 120_000);
  });
});
