/**
 * Where the simulated pets are and where their owners' safe zones lie (pure: the benchmark writes
 * the zones, the device processes send fixes at these places). Every family (owner) has a home
 * somewhere in São Paulo; its pets report from there; its five zones are placed around it as an
 * owner would draw them: three contain the home (the house, the block, the neighbourhood) and two
 * are elsewhere (a park, the vet), circles and 20-vertex polygons.
 */

export interface Ponto {
  latitude: number;
  longitude: number;
}

export interface ZonaDaCasa {
  nome: string;
  tipo: 'CIRCULO' | 'POLIGONO';
  latitude: number | null;
  longitude: number | null;
  raioMetros: number | null;
  pontos: Ponto[];
  alertarSaida: boolean;
  alertarEntrada: boolean;
}

const M_LAT = 1 / 111_320;

/** A point `norte`/`leste` metres from `p` (flat Earth: fine at these distances). */
export function deslocar(p: Ponto, norte: number, leste: number): Ponto {
  return {
    latitude: p.latitude + norte * M_LAT,
    longitude: p.longitude + leste * (M_LAT / Math.cos((p.latitude * Math.PI) / 180)),
  };
}

const frac = (x: number) => x - Math.floor(x);

/** Family `i`'s home: spread over a 30 × 30 km square around São Paulo, the same on every run. */
export function casa(i: number): Ponto {
  return { latitude: -23.7 + 0.27 * frac(0.5 + i * 0.618_033_988_7), longitude: -46.78 + 0.29 * frac(0.5 + i * 0.754_877_666_2) };
}

/** A 20-vertex polygon around `centro`, each vertex 90–110% of `raio` away (a hand-drawn outline). */
function contorno(centro: Ponto, raio: number, semente: number): Ponto[] {
  return Array.from({ length: 20 }, (_, k) => {
    const r = raio * (0.9 + 0.2 * frac(semente * 0.381_966 + k * 0.618_034));
    const a = (k / 20) * 2 * Math.PI;
    return deslocar(centro, r * Math.cos(a), r * Math.sin(a));
  });
}

/** The house: where the escaping pets cross a border. */
export const CASA = { nome: 'CASA', norte: 15, leste: -10, raioMetros: 120 };

/** The five zones of family `i`, whose home is `casa(i)`. */
export function zonasDaCasa(i: number): ZonaDaCasa[] {
  const h = casa(i);
  const circulo = (nome: string, c: Ponto, raioMetros: number, alertarEntrada: boolean): ZonaDaCasa => ({
    nome,
    tipo: 'CIRCULO',
    ...c,
    raioMetros,
    pontos: [],
    alertarSaida: true,
    alertarEntrada,
  });
  const poligono = (nome: string, c: Ponto, raio: number, alertarEntrada: boolean): ZonaDaCasa => ({
    nome,
    tipo: 'POLIGONO',
    latitude: null,
    longitude: null,
    raioMetros: null,
    pontos: contorno(c, raio, i + nome.length),
    alertarSaida: true,
    alertarEntrada,
  });
  return [
    // The home is ~100 m inside the house, ≥ 300 m inside the block, ~2 km inside the neighbourhood.
    circulo(CASA.nome, deslocar(h, CASA.norte, CASA.leste), CASA.raioMetros, true),
    poligono('QUADRA', deslocar(h, 40, 30), 400, false),
    circulo('BAIRRO', deslocar(h, -800, 600), 3000, false),
    // Kilometres away.
    poligono('PARQUE', deslocar(h, 1500, 2000), 350, true),
    circulo('VETERINARIO', deslocar(h, -1200, -900), 80, true),
  ];
}

/**
 * An escaping pet's walk, relative to the house's centre (metres east), in cycles of 6 fixes.
 * Each cycle leaves and comes back twice: once by two fixes in a row just across the border
 * (45 m, then 60 m out: with ±20 m accuracy, outside but not past the 50 m margin, so the second
 * decides) and once by one fix far beyond it (130 m out; then the centre, 120 m in). `decide`
 * marks the fix that makes the transition.
 */
export const PASSEIO: readonly { leste: number; decide: 'SAIDA' | 'ENTRADA' | null }[] = [
  { leste: CASA.raioMetros + 45, decide: null },
  { leste: CASA.raioMetros + 60, decide: 'SAIDA' },
  { leste: CASA.raioMetros - 45, decide: null },
  { leste: CASA.raioMetros - 60, decide: 'ENTRADA' },
  { leste: CASA.raioMetros + 130, decide: 'SAIDA' },
  { leste: 0, decide: 'ENTRADA' },
];

/**
 * The load's pets trot round their garden: `pontos` fixes a lap on a circle of `raioMetros`
 * around the home (~4.7 m between fixes a second apart, 17 km/h), so daily activity has
 * distance and active time to add up; the circle stays ≥ 70 m inside the house zone, so no zone
 * changes state.
 */
export const VOLTA_NO_QUINTAL = { raioMetros: 30, pontos: 40 };

/** Fix `k` of a lap round the garden of the home `h`. */
export function noQuintal(h: Ponto, k: number): Ponto {
  const a = ((k % VOLTA_NO_QUINTAL.pontos) / VOLTA_NO_QUINTAL.pontos) * 2 * Math.PI;
  return deslocar(h, VOLTA_NO_QUINTAL.raioMetros * Math.cos(a), VOLTA_NO_QUINTAL.raioMetros * Math.sin(a));
}
