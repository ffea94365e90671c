import type { Ponto } from '../ingest/lugares';

/** What the benchmark (main.ts) and its device processes (aparelhos.ts) say over IPC, one request at a time. */

export type Pedido =
  /** Log in the honest trackers (`aparelhos[i]` reports from `onde`) and start their fixes, one every `periodoMs` each; answer `prontos`. */
  | { tipo: 'honestos'; host: string; porta: number; aparelhos: { imei: string; onde: Ponto }[]; periodoMs: number; concorrencia: number }
  /** Log in the flooding collars (silent until told); answer `prontos`. */
  | { tipo: 'coleiras'; host: string; porta: number; imeis: string[]; concorrencia: number }
  /**
   * The round under way ends now: fixes written from here on count in the next one. Answer
   * `rodada` once every fix written before is acknowledged (or 30 s have passed).
   */
  | { tipo: 'rodada' }
  /** Collar `coleira` writes `alarmes` SOS frames spread evenly over `duracaoMs`, then asks the time; answer `inundada`. */
  | { tipo: 'inundar'; coleira: number; alarmes: number; duracaoMs: number }
  /** The honest trackers stop; answer `parados` once the fixes in flight are acknowledged (or 30 s). */
  | { tipo: 'parar' };

export type Resposta =
  | { tipo: 'prontos'; logados: number; ms: number }
  | {
      tipo: 'rodada';
      /** Fixes written in the round and acknowledged; their ack latency (write → ack, ms). */
      acks: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      /** Fixes of the round never acknowledged. */
      semAck: number;
      /** Slots missed because the previous fix was still unacknowledged (the fix went out on its ack). */
      atrasados: number;
      /** How long the round lasted, on this process's clock (ms). */
      ms: number;
    }
  | {
      tipo: 'inundada';
      /** From the first SOS written to the last one taken by the socket (ms). */
      escritaMs: number;
      /**
       * From the first SOS written to the answer to the time request written after the last one:
       * the gateway handles a connection's frames in order, so all the alarms had been handled.
       */
      processadaMs: number;
    }
  | {
      tipo: 'parados';
      /** Per honest tracker, in the order given: fixes acknowledged (always its first ones). */
      confirmados: number[];
      semAck: number;
      /** Acks whose time did not match the fix they should acknowledge. */
      acksErrados: number;
    }
  | { tipo: 'erro'; mensagem: string };
