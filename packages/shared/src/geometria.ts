/**
 * Geometry of safe zones on the Earth's surface: distances in metres between WGS-84 points, and
 * the signed distance from a point to a zone's border. Shared by the API's validation, the web
 * editor and the server's evaluation of every position. Property-tested against Turf
 * (geometria.test.ts).
 *
 * A polygon's sides are straight lines in latitude/longitude, as in Turf's point-in-polygon (not
 * great-circle arcs, which bow up to ~30 m away from them on a 50 km side at these latitudes).
 */

export interface Ponto {
  latitude: number;
  longitude: number;
}

export type Geometria = { tipo: 'CIRCULO'; centro: Ponto; raioMetros: number } | { tipo: 'POLIGONO'; pontos: readonly Ponto[] };

const RAIO_TERRA = 6_371_008.8;
const RAD = Math.PI / 180;

function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const sLat = Math.sin(((lat2 - lat1) * RAD) / 2);
  const sLng = Math.sin(((lng2 - lng1) * RAD) / 2);
  const h = sLat * sLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * sLng * sLng;
  return 2 * RAIO_TERRA * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Great-circle distance in metres (haversine, mean Earth radius 6,371,008.8 m as Turf). */
export function distanciaMetros(a: Ponto, b: Ponto): number {
  return haversine(a.latitude, a.longitude, b.latitude, b.longitude);
}

/**
 * A position with an accuracy radius is outside (inside) the zone only when its whole circle of
 * uncertainty is, so a fix near the border never flips the state back and forth.
 */
export function lado(distanciaAssinada: number, precisaoMetros: number): 'DENTRO' | 'FORA' | 'INCERTO' {
  // A negative radius means no radius; NaN in either argument decides nothing.
  const margem = Math.max(0, precisaoMetros);
  if (distanciaAssinada > margem) return 'FORA';
  if (distanciaAssinada < -margem) return 'DENTRO';
  return 'INCERTO';
}

const iguais = (a: Ponto, b: Ponto) => a.latitude === b.latitude && a.longitude === b.longitude;

/** The ring without its closing point, whether or not the caller repeated the first point. */
function anel(pontos: readonly Ponto[]): readonly Ponto[] {
  const primeiro = pontos[0];
  const ultimo = pontos[pontos.length - 1];
  return pontos.length > 1 && primeiro && ultimo && iguais(primeiro, ultimo) ? pontos.slice(0, -1) : pontos;
}

/** Twice the signed area of abc in degrees² (> 0 counter-clockwise, 0 collinear). */
const orientacao = (a: Ponto, b: Ponto, c: Ponto) =>
  (b.longitude - a.longitude) * (c.latitude - a.latitude) - (b.latitude - a.latitude) * (c.longitude - a.longitude);

/** Whether p, known collinear with ab, lies within the segment ab. */
const naCaixa = (a: Ponto, b: Ponto, p: Ponto) =>
  Math.min(a.longitude, b.longitude) <= p.longitude &&
  p.longitude <= Math.max(a.longitude, b.longitude) &&
  Math.min(a.latitude, b.latitude) <= p.latitude &&
  p.latitude <= Math.max(a.latitude, b.latitude);

/** Whether the closed segments ab and cd share at least one point. */
function segmentosTocam(a: Ponto, b: Ponto, c: Ponto, d: Ponto): boolean {
  const o1 = orientacao(c, d, a);
  const o2 = orientacao(c, d, b);
  const o3 = orientacao(a, b, c);
  const o4 = orientacao(a, b, d);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (
    (o1 === 0 && naCaixa(c, d, a)) || (o2 === 0 && naCaixa(c, d, b)) || (o3 === 0 && naCaixa(a, b, c)) || (o4 === 0 && naCaixa(a, b, d))
  );
}

/**
 * Whether the closed ring of `pontos` (implicitly closed) crosses itself: two sides that are not
 * neighbours touch, or two neighbours fold back over each other. A ring of fewer than three
 * points or with a point repeated in a row has no proper interior and counts as crossing too.
 */
export function autoIntersecta(pontos: readonly Ponto[]): boolean {
  const p = anel(pontos);
  const n = p.length;
  if (n < 3) return true;
  const v = (i: number): Ponto => p[i % n] ?? { latitude: NaN, longitude: NaN };
  for (let i = 0; i < n; i++) {
    const a = v(i);
    const b = v(i + 1);
    const c = v(i + 2);
    if (iguais(a, b)) return true;
    const voltaAtras =
      (a.longitude - b.longitude) * (c.longitude - b.longitude) + (a.latitude - b.latitude) * (c.latitude - b.latitude) > 0;
    if (orientacao(a, b, c) === 0 && voltaAtras) return true;
  }
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the last side closes onto the first: neighbours
      if (segmentosTocam(v(i), v(i + 1), v(j), v(j + 1))) return true;
    }
  }
  return false;
}

function prepararCirculo(centro: Ponto, raioMetros: number): (p: Ponto) => number {
  const { latitude, longitude } = centro;
  return (p) => haversine(latitude, longitude, p.latitude, p.longitude) - raioMetros;
}

/**
 * Inside/outside by even-odd ray casting, and the nearest point of the border, both in an
 * equirectangular projection centred on the polygon (an affine map of latitude/longitude, so the
 * sides stay the same straight lines). The distance to that nearest point is then taken by
 * haversine, which keeps it exact for positions far from a large zone, where the projection's
 * scale drifts.
 */
function prepararPoligono(pontos: readonly Ponto[]): (p: Ponto) => number {
  const vertices = anel(pontos);
  const n = vertices.length;
  if (n < 3) throw new RangeError(`Um polígono precisa de ao menos 3 pontos (recebeu ${n}).`);
  let latMin = Infinity;
  let latMax = -Infinity;
  let lngMin = Infinity;
  let lngMax = -Infinity;
  for (const v of vertices) {
    latMin = Math.min(latMin, v.latitude);
    latMax = Math.max(latMax, v.latitude);
    lngMin = Math.min(lngMin, v.longitude);
    lngMax = Math.max(lngMax, v.longitude);
  }
  const lat0 = (latMin + latMax) / 2;
  const lng0 = (lngMin + lngMax) / 2;
  const ky = RAIO_TERRA * RAD;
  const kx = ky * Math.cos(lat0 * RAD);
  // One slot more than the vertices, repeating the first, so side i is always (i, i + 1).
  const xs = new Float64Array(n + 1);
  const ys = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) {
    const v = vertices[i % n] ?? { latitude: NaN, longitude: NaN };
    xs[i] = (v.longitude - lng0) * kx;
    ys[i] = (v.latitude - lat0) * ky;
  }

  return (p) => {
    const px = (p.longitude - lng0) * kx;
    const py = (p.latitude - lat0) * ky;
    let dentro = false;
    let melhor = Infinity;
    let fx = 0;
    let fy = 0;
    for (let i = 0; i < n; i++) {
      const ax = xs[i] ?? 0;
      const ay = ys[i] ?? 0;
      const bx = xs[i + 1] ?? 0;
      const by = ys[i + 1] ?? 0;
      if (ay > py !== by > py && px < ax + ((py - ay) * (bx - ax)) / (by - ay)) dentro = !dentro;
      const ex = bx - ax;
      const ey = by - ay;
      const comprimento2 = ex * ex + ey * ey;
      const t = comprimento2 > 0 ? Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / comprimento2)) : 0;
      const qx = ax + t * ex;
      const qy = ay + t * ey;
      const d2 = (px - qx) * (px - qx) + (py - qy) * (py - qy);
      if (d2 < melhor) {
        melhor = d2;
        fx = qx;
        fy = qy;
      }
    }
    const d = haversine(p.latitude, p.longitude, lat0 + fy / ky, lng0 + fx / kx);
    return dentro ? -d : d;
  };
}

/**
 * The zone compiled for fast repeated use: `(p) => metres`, negative inside, positive outside,
 * ~0 on the border. Its absolute value is the distance to the nearest point of the border.
 * A polygon may repeat its first point at the end; with fewer than 3 points it throws.
 */
export function preparar(g: Geometria): (p: Ponto) => number {
  return g.tipo === 'CIRCULO' ? prepararCirculo(g.centro, g.raioMetros) : prepararPoligono(g.pontos);
}

/** A polygon this many degrees across at most, within LATITUDE_CERTA of the equator, has a certain share (parteCerta). */
const EXTENSAO_CERTA_GRAUS = 0.5;
const LATITUDE_CERTA = 60;

/**
 * The share of a distance measured by `preparar(g)` that is certain to lie between the point and
 * the border, for using it as a bound: a tracker that moved less than `parteCerta × |d| − 1 m`
 * from where `d` was measured is still on the same side, at least that much closer (the
 * evaluator's anchor, docs/adr/0009-zonas-seguras.md). A circle's distance is exact: 1. A
 * polygon's goes through a projection centred on it and agrees with Turf within 0.5 % and 0.5 m
 * up to 0.5° across (geometria.test.ts): 0.9 keeps a wide margin. A larger polygon: 0, no bound.
 */
export function parteCerta(g: Geometria): number {
  if (g.tipo === 'CIRCULO') return 1;
  let latMin = Infinity;
  let latMax = -Infinity;
  let lngMin = Infinity;
  let lngMax = -Infinity;
  for (const v of g.pontos) {
    latMin = Math.min(latMin, v.latitude);
    latMax = Math.max(latMax, v.latitude);
    lngMin = Math.min(lngMin, v.longitude);
    lngMax = Math.max(lngMax, v.longitude);
  }
  const pequeno = latMax - latMin <= EXTENSAO_CERTA_GRAUS && lngMax - lngMin <= EXTENSAO_CERTA_GRAUS;
  return pequeno && Math.max(Math.abs(latMin), Math.abs(latMax)) <= LATITUDE_CERTA ? 0.9 : 0;
}
