/**
 * A virtual pet: a random walk with momentum around a home point, in metres on a local plane.
 * Pure apart from the injected random source, so the tests can run it deterministically.
 */

export type Random = () => number;

/** Small, seedable PRNG (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MAX_SPEED_KMH = 6;
export const DEFAULT_RADIUS_M = 2000;
const METRES_PER_DEGREE = 111_320;
const HOME_RADIUS_M = 40;
/** A dog running off trots faster than it walks about (MAX_SPEED_KMH). */
export const VELOCIDADE_FUGA_KMH = 12;
export const DISTANCIA_FUGA_M = 250;
export const FORA_FUGA_S = 60;
/** How far from the spot it ran to the pet sniffs about while it stays out. */
const VAGAR_FORA_M = 15;

/**
 * Escapes every now and then (a pet leaving its safe zone): it runs straight from home to
 * `distanciaM` in a random direction, sniffs about there for `foraS` and walks back home.
 */
export interface FugaOptions {
  /** Seconds of normal life between coming home and running off again (and before the first escape). */
  intervaloS: number;
  /** How far from home it runs, in metres (default DISTANCIA_FUGA_M). */
  distanciaM?: number;
  /** How long it stays out before walking back, in seconds (default FORA_FUGA_S). */
  foraS?: number;
}

/** Where an escape is: running out, staying out, walking back home. */
export type FaseFuga = 'indo' | 'fora' | 'voltando';

interface Fuga {
  fase: FaseFuga;
  /** Target, in metres east and north of home. */
  alvoX: number;
  alvoY: number;
  /** Seconds left out there (Infinity: until voltarParaCasa). */
  foraS: number;
  /** How far it may sniff about the target while it stays. */
  vagarM: number;
  /** The next step lands on the target instead of walking there. */
  imediato: boolean;
}

export interface PetOptions {
  homeLat: number;
  homeLng: number;
  radiusM?: number;
  random: Random;
  /** Scripted runs (end-to-end tests) want a pet that is always outside, walking: GPS fixes that move. */
  alwaysWalking?: boolean;
  /** Escapes on a timer (the demo's pet leaving its zone); none by default. `fugir()` and `irPara()` work either way. */
  fuga?: FugaOptions;
}

export interface PetSnapshot {
  latitude: number;
  longitude: number;
  speedKmh: number;
  /** Degrees clockwise from north, 0–359. */
  course: number;
  indoors: boolean;
  /** Distance from home in metres. */
  distanceM: number;
  battery: number;
  charging: boolean;
  /** The escape under way, if any. */
  fuga: FaseFuga | null;
}

export class Pet {
  readonly homeLat: number;
  readonly homeLng: number;
  readonly radiusM: number;
  private readonly random: Random;
  /** East and north offsets from home, in metres. */
  private x = 0;
  private y = 0;
  private heading: number;
  private speedKmh = 0;
  private indoors: boolean;
  private readonly alwaysWalking: boolean;
  private battery: number;
  private charging = false;
  private readonly fugaOpts: FugaOptions | undefined;
  private fuga: Fuga | null = null;
  /** Seconds until the next timed escape (Infinity without `fuga`). */
  private proximaFugaS: number;

  constructor(opts: PetOptions) {
    this.homeLat = opts.homeLat;
    this.homeLng = opts.homeLng;
    this.radiusM = opts.radiusM ?? DEFAULT_RADIUS_M;
    this.random = opts.random;
    this.heading = this.random() * 2 * Math.PI;
    this.battery = 60 + this.random() * 40;
    this.alwaysWalking = opts.alwaysWalking ?? false;
    this.indoors = !this.alwaysWalking && this.random() < 0.3;
    if (this.alwaysWalking) this.speedKmh = MAX_SPEED_KMH / 2;
    this.fugaOpts = opts.fuga;
    this.proximaFugaS = opts.fuga?.intervaloS ?? Infinity;
  }

  /**
   * Starts an escape now: the next steps run in a random direction to `distanciaM` from home
   * (GPS fixes on the way), stay there `foraS` and walk back home, where normal life resumes.
   */
  fugir(opcoes: { distanciaM?: number; foraS?: number } = {}): void {
    const distancia = opcoes.distanciaM ?? this.fugaOpts?.distanciaM ?? DISTANCIA_FUGA_M;
    const rumo = this.random() * 2 * Math.PI;
    this.fuga = {
      fase: 'indo',
      alvoX: Math.sin(rumo) * distancia,
      alvoY: Math.cos(rumo) * distancia,
      foraS: opcoes.foraS ?? this.fugaOpts?.foraS ?? FORA_FUGA_S,
      vagarM: VAGAR_FORA_M,
      imediato: false,
    };
  }

  /**
   * Heads straight for this point and stays there, outdoors and still, until `voltarParaCasa()`.
   * With `imediato` the next step is already there (a scripted test need not wait for the walk).
   */
  irPara(latitude: number, longitude: number, opcoes: { imediato?: boolean } = {}): void {
    this.fuga = {
      fase: 'indo',
      alvoX: (longitude - this.homeLng) * METRES_PER_DEGREE * Math.cos((this.homeLat * Math.PI) / 180),
      alvoY: (latitude - this.homeLat) * METRES_PER_DEGREE,
      foraS: Infinity,
      vagarM: 0,
      imediato: opcoes.imediato ?? false,
    };
  }

  /** Heads home now (ending an escape or an `irPara`); once there, normal life resumes. */
  voltarParaCasa(opcoes: { imediato?: boolean } = {}): void {
    this.fuga = { fase: 'voltando', alvoX: 0, alvoY: 0, foraS: 0, vagarM: 0, imediato: opcoes.imediato ?? false };
  }

  /** Advances the walk by `dtSeconds` and returns where the pet is now. */
  step(dtSeconds: number): PetSnapshot {
    if (!this.fuga) {
      this.proximaFugaS -= dtSeconds;
      if (this.proximaFugaS <= 0) this.fugir();
    }
    if (this.fuga) this.stepFuga(this.fuga, dtSeconds);
    else this.stepWalk(dtSeconds);
    this.updateBattery(dtSeconds);
    return this.snapshot();
  }

  private stepFuga(f: Fuga, dtSeconds: number): void {
    // Out in the open the whole time: its positions are GPS fixes.
    this.indoors = false;
    if (f.fase === 'fora') {
      f.foraS -= dtSeconds;
      if (f.foraS <= 0) {
        this.voltarParaCasa();
        return;
      }
      if (f.vagarM === 0) {
        this.speedKmh = 0;
        return;
      }
      const r = this.random;
      this.speedKmh = r() * 2;
      this.heading += (r() - 0.5) * 1.2;
      if (Math.hypot(f.alvoX - this.x, f.alvoY - this.y) > f.vagarM) this.heading = Math.atan2(f.alvoX - this.x, f.alvoY - this.y);
      this.move((this.speedKmh / 3.6) * dtSeconds);
      return;
    }
    const falta = Math.hypot(f.alvoX - this.x, f.alvoY - this.y);
    if (falta > 0) this.heading = Math.atan2(f.alvoX - this.x, f.alvoY - this.y);
    this.speedKmh = VELOCIDADE_FUGA_KMH;
    const metres = f.imediato ? falta : (VELOCIDADE_FUGA_KMH / 3.6) * dtSeconds;
    f.imediato = false;
    if (metres < falta) {
      this.move(metres);
      return;
    }
    this.x = f.alvoX;
    this.y = f.alvoY;
    if (f.fase === 'indo') {
      f.fase = 'fora';
      return;
    }
    this.fuga = null;
    this.speedKmh = 0;
    this.proximaFugaS = this.fugaOpts?.intervaloS ?? Infinity;
  }

  private move(metres: number): void {
    this.x += Math.sin(this.heading) * metres;
    this.y += Math.cos(this.heading) * metres;
  }

  private stepWalk(dtSeconds: number): void {
    const r = this.random;
    const dist = Math.hypot(this.x, this.y);
    if (this.indoors) {
      // Indoors (at home or wherever it stopped): still, until it decides to go out.
      this.speedKmh = 0;
      if (r() < 0.05) {
        this.indoors = false;
        this.speedKmh = 2;
      }
    } else {
      if (this.speedKmh < 0.5 && r() < (dist < HOME_RADIUS_M ? 0.15 : 0.01)) this.indoors = true;
      // Momentum: speed and heading drift, with occasional rests.
      this.speedKmh = clamp(this.speedKmh + (r() - 0.5) * 1.5, 0, MAX_SPEED_KMH);
      if (r() < 0.05) this.speedKmh = 0;
      if (this.alwaysWalking) {
        this.indoors = false;
        this.speedKmh = Math.max(this.speedKmh, MAX_SPEED_KMH / 2);
      }
      this.heading += (r() - 0.5) * 0.8;
      // Past 60% of the radius it is pulled home, harder the farther it goes.
      if (dist > 0.6 * this.radiusM) {
        const toHome = Math.atan2(-this.x, -this.y);
        const pull = Math.min(1, (dist / this.radiusM - 0.6) * 2.5);
        this.heading += angleDiff(toHome, this.heading) * pull;
      }
      // Going home now and then, to charge and sleep.
      if (this.battery < 25 && dist > HOME_RADIUS_M) this.heading = Math.atan2(-this.x, -this.y);
      this.move((this.speedKmh / 3.6) * dtSeconds);
      const after = Math.hypot(this.x, this.y);
      if (after > this.radiusM) {
        this.x *= this.radiusM / after;
        this.y *= this.radiusM / after;
        this.heading += Math.PI;
      }
    }
  }

  private updateBattery(dtSeconds: number): void {
    const atHome = Math.hypot(this.x, this.y) < HOME_RADIUS_M && this.indoors;
    if (!this.charging && atHome && (this.battery < 30 || this.random() < 0.01)) this.charging = true;
    if (this.charging && (!atHome || this.battery >= 100)) this.charging = false;
    // About 1% every 3 minutes away from the charger, 1% every 30 s on it.
    this.battery = clamp(this.battery + (this.charging ? dtSeconds / 30 : -dtSeconds / 180), 1, 100);
  }

  snapshot(): PetSnapshot {
    const latitude = this.homeLat + this.y / METRES_PER_DEGREE;
    const longitude = this.homeLng + this.x / (METRES_PER_DEGREE * Math.cos((this.homeLat * Math.PI) / 180));
    const deg = ((this.heading * 180) / Math.PI) % 360;
    return {
      latitude,
      longitude,
      speedKmh: this.speedKmh,
      course: Math.round(deg < 0 ? deg + 360 : deg) % 360,
      indoors: this.indoors,
      distanceM: Math.hypot(this.x, this.y),
      battery: Math.round(this.battery),
      charging: this.charging,
      fuga: this.fuga?.fase ?? null,
    };
  }
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

function angleDiff(a: number, b: number): number {
  const d = (a - b) % (2 * Math.PI);
  if (d > Math.PI) return d - 2 * Math.PI;
  if (d < -Math.PI) return d + 2 * Math.PI;
  return d;
}

/** Great-circle distance in metres (for the tests and the logs). */
export function haversineM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}

/** A home near `lat,lng`, spread up to ~1.5 km per tracker (the first stays on the point). */
export function spreadHome(lat: number, lng: number, index: number, random: Random): { lat: number; lng: number } {
  if (index === 0) return { lat, lng };
  const d = 300 + random() * 1200;
  const a = random() * 2 * Math.PI;
  return {
    lat: lat + (Math.cos(a) * d) / METRES_PER_DEGREE,
    lng: lng + (Math.sin(a) * d) / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
  };
}

/** Stable, locally administered fake Wi-Fi MACs and a serving cell (Claro, 724/05) for one pet. */
export function radioEnvironment(random: Random) {
  const byte = () =>
    Math.floor(random() * 256)
      .toString(16)
      .padStart(2, '0');
  const macs = Array.from({ length: 3 + Math.floor(random() * 3) }, () => ['02', byte(), byte(), byte(), byte(), byte()].join(':'));
  const baseDbm = 45 + Math.floor(random() * 20);
  return {
    accessPoints: macs.map((mac, i) => ({ mac, signalDbm: -(baseDbm + i * 6) })),
    cell: {
      mcc: 724,
      mnc: 5,
      lac: 1000 + Math.floor(random() * 60000),
      cellId: 1 + Math.floor(random() * 65000),
      signal: 40 + Math.floor(random() * 40),
    },
  };
}
