import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { distance } from '@turf/distance';
import { lineString, point, polygon } from '@turf/helpers';
import { kinks } from '@turf/kinks';
import { pointToLineDistance } from '@turf/point-to-line-distance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoIntersecta, distanciaMetros, lado, parteCerta, preparar, type Ponto } from './geometria';

/*
 * Turf is the reference. Its polygon tests treat a side as a straight line in latitude/longitude,
 * while pointToLineDistance (geodesic) follows great circles, which bow away from those lines by
 * up to ~30 m on a 50 km side. So the reference border is the ring densified into pieces of at
 * most 1 km along the straight sides (bow < 2 cm), and |d| must agree with pointToLineDistance
 * on it within TOLERANCIA.
 */
const TOLERANCIA = (metros: number) => Math.max(0.5, 0.005 * metros);

const M_POR_GRAU = (6_371_008.8 * Math.PI) / 180;
const RAD = Math.PI / 180;

const coord = (p: Ponto): [number, number] => [p.longitude, p.latitude];
const fechado = (anel: readonly Ponto[]) => [...anel, ...anel.slice(0, 1)].map(coord);

/** `c` moved `leste` metres east and `norte` metres north (local flat approximation). */
const deslocar = (c: Ponto, leste: number, norte: number): Ponto => ({
  latitude: c.latitude + norte / M_POR_GRAU,
  longitude: c.longitude + leste / (M_POR_GRAU * Math.cos(c.latitude * RAD)),
});

/** The point at fraction t of the straight (in latitude/longitude) side from a to b. */
const interpolar = (a: Ponto, b: Ponto, t: number): Ponto => ({
  latitude: a.latitude + t * (b.latitude - a.latitude),
  longitude: a.longitude + t * (b.longitude - a.longitude),
});

function dentroRef(p: Ponto, anel: readonly Ponto[]) {
  return booleanPointInPolygon(point(coord(p)), polygon([fechado(anel)]));
}

function distanciaRef(p: Ponto, anel: readonly Ponto[]) {
  const denso: [number, number][] = [];
  anel.forEach((a, i) => {
    const b = anel[(i + 1) % anel.length] ?? a;
    const pedacos = Math.max(1, Math.ceil(distanciaMetros(a, b) / 1000));
    for (let k = 0; k < pedacos; k++) denso.push(coord(interpolar(a, b, k / pedacos)));
  });
  denso.push(denso[0] ?? [0, 0]);
  return pointToLineDistance(point(coord(p)), lineString(denso), { units: 'meters' });
}

// Uniform in [0, 1): fast-check's doubles are biased towards special values and, unbiased, are
// uniform over their bit patterns (mostly tiny numbers), neither of which is a random place.
const uniforme = fc.noBias(fc.integer({ min: 0, max: 2 ** 30 - 1 })).map((i) => i / 2 ** 30);
const entre = (min: number, max: number) => uniforme.map((u) => min + u * (max - min));
const logEntre = (min: number, max: number) => uniforme.map((u) => min * (max / min) ** u);

/** Somewhere in Brazil-like latitudes and longitudes. */
const centroArb = fc.record({ latitude: entre(-33, 5), longitude: entre(-73, -35) });

/** A simple star-shaped polygon around `centro`, 3 to 100 vertices, 30 m to 50 km across. */
const poligonoArb = fc
  .record({
    centro: centroArb,
    diametro: logEntre(30, 50_000),
    vertices: fc.array(fc.tuple(uniforme, uniforme), { minLength: 3, maxLength: 100, size: 'max' }),
  })
  .map(({ centro, diametro, vertices }) => ({
    diametro,
    anel: vertices.map(([desvio, fracao], i) => {
      // Each vertex in its own angular slot, so consecutive angles never differ by π or more.
      const angulo = (2 * Math.PI * (i + 0.45 * desvio)) / vertices.length;
      const raio = (diametro / 2) * (0.15 + 0.85 * fracao);
      return deslocar(centro, raio * Math.cos(angulo), raio * Math.sin(angulo));
    }),
  }));

/** A point off side `lado` at fraction t, `afastamento` metres along its normal (either way). */
function pertoDoLado(anel: readonly Ponto[], lado: number, t: number, afastamento: number): Ponto {
  const a = anel[lado % anel.length] ?? anel[0] ?? { latitude: 0, longitude: 0 };
  const b = anel[(lado + 1) % anel.length] ?? a;
  const base = interpolar(a, b, t);
  const leste = (b.longitude - a.longitude) * M_POR_GRAU * Math.cos(base.latitude * RAD);
  const norte = (b.latitude - a.latitude) * M_POR_GRAU;
  const comprimento = Math.hypot(leste, norte);
  return deslocar(base, (-norte / comprimento) * afastamento, (leste / comprimento) * afastamento);
}

/** Near a side (0.01 m up to the zone's size, inside or out), around the zone, or up to 300 km away. */
const pontoArb = (anel: readonly Ponto[], diametro: number): fc.Arbitrary<Ponto> => {
  const centro = anel[0] ?? { latitude: 0, longitude: 0 };
  return fc.oneof(
    fc
      .tuple(fc.nat(anel.length - 1), uniforme, logEntre(0.01, diametro), fc.boolean())
      .map(([i, t, afastamento, fora]) => pertoDoLado(anel, i, t, fora ? afastamento : -afastamento)),
    fc.tuple(entre(-2, 2), entre(-2, 2)).map(([x, y]) => deslocar(centro, x * diametro, y * diametro)),
    fc
      .tuple(entre(0, 2 * Math.PI), logEntre(diametro, 300_000))
      .map(([rumo, r]) => deslocar(centro, r * Math.cos(rumo), r * Math.sin(rumo))),
  );
};

const poligonoComPontosArb = poligonoArb.chain(({ anel, diametro }) =>
  fc.record({ anel: fc.constant(anel), pontos: fc.array(pontoArb(anel, diametro), { minLength: 1, maxLength: 5 }) }),
);

describe('distanciaMetros', () => {
  it('agrees with @turf/distance', () => {
    fc.assert(
      fc.property(centroArb, centroArb, (a, b) => {
        const ref = distance(point(coord(a)), point(coord(b)), { units: 'meters' });
        expect(Math.abs(distanciaMetros(a, b) - ref)).toBeLessThanOrEqual(1e-6 + 1e-9 * ref);
      }),
      { numRuns: 500 },
    );
  });

  it('measures a known distance: Praça da Sé to MASP, ~2.6 km', () => {
    const se = { latitude: -23.5505, longitude: -46.6333 };
    const masp = { latitude: -23.5614, longitude: -46.6559 };
    expect(distanciaMetros(se, masp)).toBeCloseTo(2602, -1);
    expect(distanciaMetros(se, se)).toBe(0);
  });
});

describe('lado', () => {
  it('is outside or inside only when the whole accuracy circle is', () => {
    expect(lado(10.01, 10)).toBe('FORA');
    expect(lado(10, 10)).toBe('INCERTO');
    expect(lado(-10, 10)).toBe('INCERTO');
    expect(lado(-10.01, 10)).toBe('DENTRO');
    expect(lado(0.001, 0)).toBe('FORA');
    expect(lado(-0.001, 0)).toBe('DENTRO');
    expect(lado(0, 0)).toBe('INCERTO');
    expect(lado(5, NaN)).toBe('INCERTO');
    expect(lado(NaN, 5)).toBe('INCERTO');
  });
});

describe('preparar: circle', () => {
  it('is the distance from the centre minus the radius', () => {
    fc.assert(
      fc.property(centroArb, logEntre(10, 25_000), entre(0, 2 * Math.PI), entre(0, 3), (centro, raio, rumo, fator) => {
        const p = deslocar(centro, raio * fator * Math.cos(rumo), raio * fator * Math.sin(rumo));
        const ref = distance(point(coord(centro)), point(coord(p)), { units: 'meters' }) - raio;
        const d = preparar({ tipo: 'CIRCULO', centro, raioMetros: raio })(p);
        expect(Math.abs(d - ref)).toBeLessThanOrEqual(1e-6 + 1e-9 * raio * fator);
        if (Math.abs(ref) > 1e-6) expect(d < 0).toBe(ref < 0);
      }),
      { numRuns: 500 },
    );
  });
});

describe('preparar: polygon', () => {
  it('has the sign of booleanPointInPolygon and the distance of pointToLineDistance', () => {
    fc.assert(
      fc.property(poligonoComPontosArb, ({ anel, pontos }) => {
        const d = preparar({ tipo: 'POLIGONO', pontos: anel });
        for (const p of pontos) {
          const ref = distanciaRef(p, anel);
          const obtida = d(p);
          expect(Math.abs(Math.abs(obtida) - ref)).toBeLessThanOrEqual(TOLERANCIA(ref));
          // Closer than a millimetre, inside and outside are a matter of rounding.
          if (ref > 1e-3) expect(obtida < 0).toBe(dentroRef(p, anel));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is ~0 on the border: at the vertices and along the sides', () => {
    fc.assert(
      fc.property(poligonoArb, fc.nat(), uniforme, ({ anel }, i, t) => {
        const d = preparar({ tipo: 'POLIGONO', pontos: anel });
        const a = anel[i % anel.length] ?? { latitude: 0, longitude: 0 };
        const b = anel[(i + 1) % anel.length] ?? a;
        expect(Math.abs(d(a))).toBeLessThan(0.5);
        expect(Math.abs(d(interpolar(a, b, t)))).toBeLessThan(0.5);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same answer for a ring closed by repeating its first point', () => {
    fc.assert(
      fc.property(poligonoComPontosArb, ({ anel, pontos }) => {
        const aberto = preparar({ tipo: 'POLIGONO', pontos: anel });
        const fechadoPeloCliente = preparar({ tipo: 'POLIGONO', pontos: [...anel, ...anel.slice(0, 1)] });
        for (const p of pontos) expect(fechadoPeloCliente(p)).toBe(aberto(p));
      }),
      { numRuns: 50 },
    );
  });

  it('with lado, counts a position outside or inside only when its whole accuracy circle is', () => {
    const precisaoArb = fc.oneof(fc.constant(0), logEntre(1, 500));
    fc.assert(
      fc.property(poligonoComPontosArb, precisaoArb, ({ anel, pontos }, precisao) => {
        const p = pontos[0] ?? { latitude: 0, longitude: 0 };
        const ref = distanciaRef(p, anel);
        // Within the tolerance of the threshold either answer is right.
        fc.pre(Math.abs(ref - precisao) > TOLERANCIA(ref));
        const esperado = precisao > ref ? 'INCERTO' : dentroRef(p, anel) ? 'DENTRO' : 'FORA';
        expect(lado(preparar({ tipo: 'POLIGONO', pontos: anel })(p), precisao)).toBe(esperado);
      }),
      { numRuns: 300 },
    );
  });

  it('measures a square around the MASP block on Avenida Paulista', () => {
    const masp = { latitude: -23.5614, longitude: -46.6559 };
    const quadra = [deslocar(masp, -50, -50), deslocar(masp, 50, -50), deslocar(masp, 50, 50), deslocar(masp, -50, 50)];
    const d = preparar({ tipo: 'POLIGONO', pontos: quadra });
    expect(d(masp)).toBeCloseTo(-50, 0);
    expect(d(deslocar(masp, 0, 80))).toBeCloseTo(30, 0);
    expect(d(deslocar(masp, 40, 0))).toBeCloseTo(-10, 0);
    expect(d(deslocar(masp, 53, 54))).toBeCloseTo(5, 0);
    expect(Math.abs(d(quadra[2] ?? masp))).toBeLessThan(0.01);
    expect(lado(d(deslocar(masp, 0, 80)), 20)).toBe('FORA');
    expect(lado(d(deslocar(masp, 0, 80)), 40)).toBe('INCERTO');
    expect(lado(d(masp), 40)).toBe('DENTRO');
    expect(() => preparar({ tipo: 'POLIGONO', pontos: quadra.slice(0, 2) })).toThrow(RangeError);
  });

  it('measures a triangle', () => {
    const triangulo = [
      { latitude: -23.55, longitude: -46.64 },
      { latitude: -23.55, longitude: -46.63 },
      { latitude: -23.54, longitude: -46.635 },
    ];
    const d = preparar({ tipo: 'POLIGONO', pontos: triangulo });
    const dentro = { latitude: -23.548, longitude: -46.635 };
    expect(d(dentro)).toBeCloseTo(-distanciaRef(dentro, triangulo), 1);
    const fora = { latitude: -23.56, longitude: -46.635 };
    expect(d(fora)).toBeCloseTo(distanciaMetros(fora, { latitude: -23.55, longitude: -46.635 }), 1);
    expect(autoIntersecta(triangulo)).toBe(false);
  });
});

describe('autoIntersecta', () => {
  const sp = { latitude: -23.55, longitude: -46.63 };
  const grade = (pares: [number, number][]) =>
    pares.map(([x, y]) => ({ latitude: sp.latitude + y / 1000, longitude: sp.longitude + x / 1000 }));

  it('agrees with @turf/kinks on simple, swapped and shuffled rings', () => {
    let cruzam = 0;
    let simples = 0;
    fc.assert(
      fc.property(
        centroArb,
        logEntre(30, 50_000),
        fc.array(fc.tuple(uniforme, uniforme), { minLength: 3, maxLength: 100, size: 'max' }),
        fc.constantFrom('estrela', 'troca', 'embaralhado'),
        fc.nat(),
        fc.nat(),
        (centro, tamanho, xy, modo, i, j) => {
          let anel = xy.map(([x, y]) => deslocar(centro, (x - 0.5) * tamanho, (y - 0.5) * tamanho));
          if (modo !== 'embaralhado') {
            const medio = deslocar(centro, 0, 0);
            const angulo = (p: Ponto) => Math.atan2(p.latitude - medio.latitude, p.longitude - medio.longitude);
            anel = [...anel].sort((a, b) => angulo(a) - angulo(b));
          }
          if (modo === 'troca') {
            const a = anel[i % anel.length];
            const b = anel[j % anel.length];
            if (a && b) {
              anel = [...anel];
              anel[i % anel.length] = b;
              anel[j % anel.length] = a;
            }
          }
          const ref = kinks(polygon([fechado(anel)])).features.length > 0;
          expect(autoIntersecta(anel)).toBe(ref);
          if (ref) cruzam++;
          else simples++;
        },
      ),
      { numRuns: 300 },
    );
    // Both kinds must really have been tried.
    expect(Math.min(cruzam, simples)).toBeGreaterThan(30);
  });

  it('finds no crossing in the star-shaped test polygons', () => {
    fc.assert(
      fc.property(poligonoArb, ({ anel }) => {
        expect(autoIntersecta(anel)).toBe(false);
        expect(autoIntersecta([...anel, ...anel.slice(0, 1)])).toBe(false);
      }),
      { numRuns: 100 },
    );
  });

  it('finds a bow-tie', () => {
    const gravata = grade([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    expect(autoIntersecta(gravata)).toBe(true);
    expect(kinks(polygon([fechado(gravata)])).features.length).toBeGreaterThan(0);
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ]),
      ),
    ).toBe(false);
  });

  it('counts touching, folding back and repeated points as crossing', () => {
    // A side ends on another side.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [4, 0],
          [4, 2],
          [2, 0],
          [0, 2],
        ]),
      ),
    ).toBe(true);
    // Two rings pinched at a shared vertex.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [2, 0],
          [1, 1],
          [2, 2],
          [0, 2],
          [1, 1],
        ]),
      ),
    ).toBe(true);
    // A spike: out and straight back along the same line.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [2, 0],
          [2, 2],
          [2, 3],
          [2, 1],
          [0, 2],
        ]),
      ),
    ).toBe(true);
    // Non-neighbouring sides overlapping on the same line.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [4, 0],
          [4, 1],
          [3, 1],
          [3, 0],
          [1, 0],
          [1, -1],
          [0, -1],
        ]),
      ),
    ).toBe(true);
    // A flat triangle.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [2, 0],
          [1, 0],
        ]),
      ),
    ).toBe(true);
    // A point repeated in a row, and too few points.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [1, 0],
          [1, 0],
          [0, 1],
        ]),
      ),
    ).toBe(true);
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [1, 0],
        ]),
      ),
    ).toBe(true);
    // Three points in a row going the same way are fine.
    expect(
      autoIntersecta(
        grade([
          [0, 0],
          [1, 0],
          [2, 0],
          [1, 1],
        ]),
      ),
    ).toBe(false);
  });
});

/**
 * The bound `parteCerta` promises, for a move from `a` to `p` shorter than `raio`: `p` is on the
 * same side, at most the move closer to the border. (A flat move may come out a little longer than
 * planned: then there is nothing to check.)
 */
function depoisDoPasso(d: (p: Ponto) => number, a: Ponto, p: Ponto, raio: number) {
  const movido = distanciaMetros(a, p);
  if (movido >= raio) return;
  expect(Math.sign(d(p))).toBe(Math.sign(d(a)));
  expect(Math.abs(d(p))).toBeGreaterThanOrEqual(raio - movido);
}

describe('parteCerta', () => {
  it("bounds a polygon's distance after a move: on the same side, closer by at most the move", () => {
    fc.assert(
      fc.property(poligonoComPontosArb, entre(0, 2 * Math.PI), uniforme, ({ anel, pontos }, rumo, fracao) => {
        const g = { tipo: 'POLIGONO', pontos: anel } as const;
        const parte = parteCerta(g);
        // A polygon up to 50 km across spans over half a degree of longitude far enough from the
        // equator: it has no certain share (as parteCerta's own test says), and nothing to bound.
        const lngs = anel.map((v) => v.longitude);
        const lats = anel.map((v) => v.latitude);
        const extensao = Math.max(Math.max(...lngs) - Math.min(...lngs), Math.max(...lats) - Math.min(...lats));
        if (extensao > 0.5) {
          expect(parte).toBe(0);
          return;
        }
        expect(parte).toBeGreaterThan(0);
        const d = preparar(g);
        for (const a of pontos) {
          const raio = parte * Math.abs(d(a)) - 1;
          if (raio <= 0) continue;
          const p = deslocar(a, raio * fracao * Math.cos(rumo), raio * fracao * Math.sin(rumo));
          depoisDoPasso(d, a, p, raio);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('holds when the move heads straight for the nearest border', () => {
    fc.assert(
      fc.property(poligonoArb, fc.nat(), uniforme, logEntre(1, 5000), uniforme, ({ anel }, lado, t, afastamento, fracao) => {
        const g = { tipo: 'POLIGONO', pontos: anel } as const;
        const d = preparar(g);
        const a = pertoDoLado(anel, lado, t, afastamento);
        const raio = parteCerta(g) * Math.abs(d(a)) - 1;
        if (raio <= 0) return;
        // Towards the side's point it stood off: along the normal, back by `fracao` of the radius.
        const base = interpolar(anel[lado % anel.length] ?? a, anel[(lado + 1) % anel.length] ?? a, t);
        const total = distanciaMetros(a, base);
        const p = interpolar(a, base, Math.min(1, (raio * fracao) / total));
        depoisDoPasso(d, a, p, raio);
      }),
      { numRuns: 1000 },
    );
  });

  it('is 1 for a circle (exact), and 0 for a polygon over half a degree across or nearer a pole than 60°', () => {
    const centro = { latitude: -23.55, longitude: -46.63 };
    expect(parteCerta({ tipo: 'CIRCULO', centro, raioMetros: 120 })).toBe(1);
    const quadrado = (c: Ponto, lado: number) => [
      c,
      { latitude: c.latitude, longitude: c.longitude + lado },
      { latitude: c.latitude + lado, longitude: c.longitude + lado },
      { latitude: c.latitude + lado, longitude: c.longitude },
    ];
    expect(parteCerta({ tipo: 'POLIGONO', pontos: quadrado(centro, 0.01) })).toBe(0.9);
    expect(parteCerta({ tipo: 'POLIGONO', pontos: quadrado(centro, 0.6) })).toBe(0);
    expect(parteCerta({ tipo: 'POLIGONO', pontos: quadrado({ latitude: 65, longitude: 10 }, 0.01) })).toBe(0);
  });
});
