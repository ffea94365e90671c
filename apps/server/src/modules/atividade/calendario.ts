/** A calendar day in a time zone: 'YYYY-MM-DD' and its instants [inicio, fim) in ms. */
export interface Dia {
  dia: string;
  inicio: number;
  fim: number;
}

/**
 * Days in APP_TIMEZONE. Finding the day of an instant costs an Intl call, so the last day found is
 * kept: consecutive fixes almost always fall on it.
 */
export class Calendario {
  private readonly fmt: Intl.DateTimeFormat;
  private ultimo: Dia | undefined;

  constructor(readonly timezone: string) {
    this.fmt = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** The day `t` (ms) falls on. */
  dia(t: number): Dia {
    const u = this.ultimo;
    if (u && t >= u.inicio && t < u.fim) return u;
    const { y, m, d } = this.partes(t);
    const inicio = this.meiaNoite(y, m, d, t);
    const fim = this.meiaNoite(y, m, d + 1, inicio + 36 * 3_600_000);
    const dia = { dia: `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`, inicio, fim };
    this.ultimo = dia;
    return dia;
  }

  /** Splits [a, b) by day: `cb` gets each day and the milliseconds of the interval on it. */
  repartir(a: number, b: number, cb: (dia: string, ms: number) => void) {
    let t = a;
    while (t < b) {
      const d = this.dia(t);
      const ate = Math.min(b, d.fim);
      cb(d.dia, ate - t);
      t = ate;
    }
  }

  private partes(t: number) {
    const p: Record<string, number> = {};
    for (const { type, value } of this.fmt.formatToParts(t)) if (type !== 'literal') p[type] = Number(value);
    return { y: p.year ?? 0, m: p.month ?? 1, d: p.day ?? 1, h: p.hour ?? 0, mi: p.minute ?? 0, s: p.second ?? 0 };
  }

  /** The zone's offset at `t`, ms (local wall time minus UTC). */
  private deslocamento(t: number) {
    const p = this.partes(t);
    return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(t / 1000) * 1000;
  }

  /** The instant local midnight starts day y-m-d (d may overflow: Date.UTC normalises), near `perto`. */
  private meiaNoite(y: number, m: number, d: number, perto: number) {
    const local = Date.UTC(y, m - 1, d);
    const palpite = local - this.deslocamento(perto);
    return local - this.deslocamento(palpite);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
