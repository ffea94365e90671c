import { parteCerta, preparar, type Geometria, type Ponto } from '@rastro/shared/geometria';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percorrer, type Ancora, type Par, type LocalizacaoAvaliada } from './percurso';

const regras = { confirmacoes: 2, margemMetros: 50 };
const M_POR_GRAU = 111_195;
const CASA: Ponto = { latitude: -23.55, longitude: -46.63 };

const deslocar = (c: Ponto, leste: number, norte: number): Ponto => ({
  latitude: c.latitude + norte / M_POR_GRAU,
  longitude: c.longitude + leste / (M_POR_GRAU * Math.cos((c.latitude * Math.PI) / 180)),
});

interface Zona {
  id: number;
  distancia: (p: Ponto) => number;
  parteCerta: number;
  medidas: number;
}

function zona(id: number, g: Geometria): Zona {
  const medir = preparar(g);
  const z: Zona = {
    id,
    parteCerta: parteCerta(g),
    medidas: 0,
    distancia: (p) => {
      z.medidas++;
      return medir(p);
    },
  };
  return z;
}

/** An owner's zones around the home: circles and polygons of a few sizes, two of them a walk away. */
function zonas(): Zona[] {
  const contorno = (c: Ponto, raio: number, n: number) =>
    Array.from({ length: n }, (_, k) =>
      deslocar(c, raio * Math.cos((2 * Math.PI * k) / n), raio * (0.8 + 0.2 * (k % 2)) * Math.sin((2 * Math.PI * k) / n)),
    );
  return [
    zona(1, { tipo: 'CIRCULO', centro: CASA, raioMetros: 120 }),
    zona(2, { tipo: 'POLIGONO', pontos: contorno(deslocar(CASA, 40, 30), 400, 20) }),
    zona(3, { tipo: 'CIRCULO', centro: deslocar(CASA, 600, -800), raioMetros: 3000 }),
    zona(4, { tipo: 'POLIGONO', pontos: contorno(deslocar(CASA, 900, 0), 150, 7) }),
    zona(5, { tipo: 'CIRCULO', centro: deslocar(CASA, -300, 0), raioMetros: 60 }),
  ];
}

const pares = (zs: Zona[]): Par<Zona, LocalizacaoAvaliada>[] =>
  zs.map((z) => ({ zona: z, estado: undefined, vistoAte: -Infinity, mudou: false, transicoes: [] }));

/** What the batches left, pair by pair (the anchor aside). */
const resultado = (ps: Par<Zona, LocalizacaoAvaliada>[]) =>
  ps.map((p) => ({
    id: p.zona.id,
    estado: p.estado,
    vistoAte: p.vistoAte,
    transicoes: p.transicoes.map((t) => [t.tipo, t.localizacao.quando]),
  }));

/** A walk: mostly trotting near home, now and then a run out past the zones and back, some fixes late or imprecise. */
const passeioArb = fc
  .array(
    fc.record({
      rumo: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
      passo: fc.oneof({ weight: 6, arbitrary: fc.double({ min: 0, max: 15, noNaN: true }) }, fc.double({ min: 15, max: 400, noNaN: true })),
      precisao: fc.oneof({ weight: 4, arbitrary: fc.constant(20) }, fc.double({ min: 0, max: 300, noNaN: true })),
      atraso: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 5 })),
      corte: fc.boolean(),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((passos) => {
    let aqui = CASA;
    const lotes: LocalizacaoAvaliada[][] = [[]];
    passos.forEach((s, i) => {
      // Pulled home when it strays over 2 km: the walk keeps crossing the zones' borders.
      const volta = Math.hypot((aqui.latitude - CASA.latitude) * M_POR_GRAU, (aqui.longitude - CASA.longitude) * M_POR_GRAU) > 2000;
      aqui = volta ? CASA : deslocar(aqui, s.passo * Math.cos(s.rumo), s.passo * Math.sin(s.rumo));
      lotes[lotes.length - 1]?.push({ ...aqui, quando: (i - s.atraso) * 1000, precisao: s.precisao });
      if (s.corte) lotes.push([]);
    });
    return lotes.map((l) => l.sort((a, b) => a.quando - b.quando));
  });

describe('percorrer', () => {
  it('decides exactly what measuring every position decides, whatever the anchor skips', () => {
    fc.assert(
      fc.property(passeioArb, (lotes) => {
        const medindo = pares(zonas());
        const ancorando = pares(zonas());
        let ancora: Ancora | undefined;
        for (const lote of lotes) {
          expect(percorrer(medindo, lote, regras, null)).toBeUndefined();
          ancora = percorrer(ancorando, lote, regras, ancora);
        }
        expect(resultado(ancorando)).toEqual(resultado(medindo));
        expect(ancorando.map((p) => p.mudou)).toEqual(medindo.map((p) => p.mudou));
      }),
      { numRuns: 400 },
    );
  });

  it('measures a pet asleep at home (GPS noise of ±15 m) once in a while, not at every fix', () => {
    const zs = zonas();
    const ps = pares(zs);
    let ancora: Ancora | undefined;
    for (let i = 0; i < 200; i++) {
      const p = deslocar(CASA, 15 * Math.sin(i * 1.7), 15 * Math.cos(i * 2.3));
      ancora = percorrer(ps, [{ ...p, quando: i * 1000, precisao: 20 }], regras, ancora);
    }
    expect(ps.map((p) => p.estado?.estado)).toEqual(['DENTRO', 'DENTRO', 'DENTRO', 'FORA', 'FORA']);
    expect(ps.every((p) => p.vistoAte === 199_000)).toBe(true);
    // The first fix decides each zone and anchors there; the rest fall within the anchor.
    expect(zs.map((z) => z.medidas)).toEqual([1, 1, 1, 1, 1]);
    expect(ancora?.raio).toBeGreaterThan(50);
  });

  it('measures again once the pet leaves the anchor, and a streak across a border keeps it measuring', () => {
    const zs = zonas();
    const ps = pares(zs);
    let ancora = percorrer(
      ps,
      [
        { ...CASA, quando: 0, precisao: 20 },
        { ...CASA, quando: 1000, precisao: 20 },
      ],
      regras,
      undefined,
    );
    expect(ancora).toBeDefined();
    // Out of the house (120 m), one fix across: a streak under way, nothing to anchor.
    ancora = percorrer(ps, [{ ...deslocar(CASA, 0, 160), quando: 2000, precisao: 20 }], regras, ancora);
    expect(ancora).toBeUndefined();
    expect(ps[0]?.estado).toEqual({ estado: 'DENTRO', pendentes: 1 });
    ancora = percorrer(ps, [{ ...deslocar(CASA, 0, 165), quando: 3000, precisao: 20 }], regras, ancora);
    expect(ps[0]?.transicoes.map((t) => [t.tipo, t.localizacao.quando])).toEqual([['SAIDA', 3000]]);
    expect(ancora).toBeDefined();
  });

  it('never anchors when asked not to (a retry over some of the zones)', () => {
    const ps = pares(zonas());
    expect(
      percorrer(
        ps,
        [
          { ...CASA, quando: 0, precisao: 20 },
          { ...CASA, quando: 1000, precisao: 20 },
        ],
        regras,
        null,
      ),
    ).toBeUndefined();
  });
});
