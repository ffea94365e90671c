import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { percentil } from '../lib/stats';

/** One request of the load: path and headers, chosen afresh for every request (rotation). */
export type Gerador = (k: number) => { path: string; headers?: Record<string, string> };

/** What one autocannon run saw. */
export interface Rodada {
  /** Latency of each 2xx response, in ms. */
  tempos: number[];
  segundos: number;
  /** Responses other than 2xx, plus connection errors and timeouts. */
  falhas: number;
  /** Status codes seen, as `200×1234 401×2`. */
  codigos: string;
}

export interface Resumo {
  reqPorS: number;
  p50: number;
  p99: number;
  respostas: number;
  falhas: number;
  codigos: string;
}

/** How long a run lasts: some seconds, or until some requests have all been answered. */
export type Duracao = { segundos: number } | { respostas: number };

/**
 * `conexoes` keep-alive connections hammering `porta` for a while (`quanto`), each request built
 * by `gerar` (its argument counts the requests of this run). Latency is kept per response
 * (sub-millisecond, which autocannon's own histogram is not).
 */
export async function disparar(porta: number, gerar: Gerador, conexoes: number, quanto: Duracao): Promise<Rodada> {
  let k = 0;
  const tempos: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instancia = autocannon(
      {
        url: `http://127.0.0.1:${porta}`,
        connections: conexoes,
        ...('segundos' in quanto ? { duration: quanto.segundos } : { amount: quanto.respostas }),
        timeout: 30,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const g = gerar(k++);
              return { ...req, path: g.path, headers: { ...req.headers, ...g.headers } };
            },
          },
        ],
      },
      (err: unknown, resultado) => (err ? reject(err instanceof Error ? err : new Error(String(err))) : resolve(resultado)),
    );
    instancia.on('response', (_c, status, _bytes, ms) => {
      if (status >= 200 && status < 300) tempos.push(ms);
    });
  });
  const codigos = Object.entries(r.statusCodeStats ?? {})
    .map(([c, v]) => `${c}×${v.count ?? 0}`)
    .join(' ');
  return { tempos, segundos: r.duration, falhas: r.non2xx + r.errors + r.timeouts, codigos };
}

/** Several runs against one target as one measurement. */
export function resumir(rodadas: readonly Rodada[]): Resumo {
  const amostras = Float64Array.from(rodadas.flatMap((r) => r.tempos));
  const segundos = rodadas.reduce((a, r) => a + r.segundos, 0);
  return {
    reqPorS: amostras.length / segundos,
    p50: percentil(amostras, 50),
    p99: percentil(amostras, 99),
    respostas: amostras.length,
    falhas: rodadas.reduce((a, r) => a + r.falhas, 0),
    codigos: [...new Set(rodadas.map((r) => r.codigos))].join('; '),
  };
}

/**
 * A fixed rate instead of as-fast-as-possible: request *i* is due at start + i/`porSegundo`, sent
 * on one of `conexoes` keep-alive connections (opened before the clock starts and taken in turn),
 * and its latency counts from when it was due, not from when it left — a target that falls
 * behind pays for the queue it built (no coordinated omission). autocannon's own rate limit
 * sends each second's quota in a burst at the start of the second, which measures the burst.
 */
export async function aRitmo(porta: number, gerar: Gerador, conexoes: number, segundos: number, porSegundo: number): Promise<Rodada> {
  const agent = new Agent({ keepAlive: true, maxSockets: conexoes, scheduling: 'fifo' });
  const tempos: number[] = [];
  const status = new Map<string, number>();
  let falhas = 0;
  const pedir = (k: number, devido: number) =>
    new Promise<void>((resolve) => {
      const g = gerar(k);
      const req = request({ host: '127.0.0.1', port: porta, path: g.path, headers: g.headers, agent }, (res) => {
        res.resume();
        res.once('end', () => {
          const c = String(res.statusCode ?? 0);
          status.set(c, (status.get(c) ?? 0) + 1);
          if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300) tempos.push(performance.now() - devido);
          else falhas++;
          resolve();
        });
      });
      req.once('error', () => {
        falhas++;
        resolve();
      });
      req.end();
    });
  try {
    // Every connection open and warm before the clock starts.
    await Promise.all(Array.from({ length: conexoes }, (_, i) => pedir(i, performance.now())));
    tempos.length = 0;
    falhas = 0;
    status.clear();
    const total = Math.round(segundos * porSegundo);
    const inicio = performance.now();
    const pendentes: Promise<void>[] = [];
    let k = 0;
    while (k < total) {
      const agora = performance.now();
      for (; k < total && inicio + (k * 1000) / porSegundo <= agora; k++) pendentes.push(pedir(k, inicio + (k * 1000) / porSegundo));
      await new Promise((r) => setTimeout(r, 1));
    }
    await Promise.all(pendentes);
    const codigos = [...status].map(([c, n]) => `${c}×${n}`).join(' ');
    return { tempos, segundos: (performance.now() - inicio) / 1000, falhas, codigos };
  } finally {
    agent.destroy();
  }
}
