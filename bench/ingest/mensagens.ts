/** What the benchmark and its child processes say over IPC. */
import type { Ponto } from './lugares';

/** To the load devices (dispositivos.ts): requests go in order, each answered by at most one message. */
export type Pedido =
  /** Connect and log in every IMEI of a group (each reports from its `posicoes`); answer `prontos`. */
  | { tipo: 'carga'; grupo: string; host: string; porta: number; imeis: string[]; posicoes: Ponto[]; janela: number; concorrencia: number }
  /** The group starts sending GPS fixes: each device keeps `janela` of them waiting for an ack. */
  | { tipo: 'enviar'; grupo: string }
  /**
   * From now on, latencies and CPU count for the group sending, under `fase`: one group's devices
   * send in two phases (A without zones, C with activity), each measured on its own.
   */
  | { tipo: 'medir'; fase: string }
  /** The group sending stops; wait for the acks of those sent; answer `carga-fim`. Its connections stay. */
  | { tipo: 'parar' }
  /** Close a group's connections (it is not sending) and forget it; answer `soltos`. */
  | { tipo: 'soltar'; grupo: string }
  /** Close every load connection and open logged-in connections that then stay silent; answer `abertas`. */
  | { tipo: 'ociosas'; host: string; porta: number; imeis: string[]; concorrencia: number }
  /** Ask each idle connection for the time; answer `verificadas` with how many replied. */
  | { tipo: 'verificar'; prazoMs: number }
  | { tipo: 'fechar' };

export type Resposta =
  | { tipo: 'prontos'; logados: number; ms: number }
  | {
      tipo: 'carga-fim';
      /** Per device of the group, in the order of its IMEIs: fixes acknowledged so far (always its first ones). */
      confirmados: number[];
      /** Sent but never acknowledged before the drain gave up. */
      semResposta: number;
      /** Acks whose time did not match the fix they should acknowledge. */
      acksErrados: number;
      /**
       * From here on, over every measured stretch of the last `medir`'s phase so far: acks
       * received, and over how long (ms); reply latencies; CPU time this process spent (ms).
       */
      acksMedidos: number;
      msMedidos: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      cpuMs: number;
    }
  | { tipo: 'soltos' }
  | { tipo: 'abertas'; logadas: number; falhas: number; ms: number }
  | { tipo: 'verificadas'; vivas: number }
  | { tipo: 'fechadas' }
  | { tipo: 'erro'; mensagem: string };

/** One escaping pet: its tracker, its owner's session, its home (the house zone is around it). */
export interface Fuga {
  imei: string;
  token: string;
  casa: Ponto;
  /** The name its owner gave it, as the notification says it. */
  pet: string;
}

/** A crossing notified: the fix's device time, when it was written and when its notification arrived (ms since the epoch). */
export interface Etapa {
  imei: string;
  quando: number;
  enviado: number;
  chegou: number;
}

/** To the escaping pets and their owners' sockets (fugas.ts). */
export type PedidoFugas =
  /** Log the collars in, open and authenticate the sockets, send one fix from home; answer `preparadas`. */
  | { tipo: 'preparar'; gateway: { host: string; porta: number }; api: { host: string; porta: number }; fugas: Fuga[] }
  /** Start walking in and out of the house. */
  | { tipo: 'correr' }
  /** The benchmark's stretch from now on ('' between them): each crossing counts in the one it was written in. */
  | { tipo: 'fase'; nome: string }
  /** Stop walking once the crossing under way is done; answer `paradas`. */
  | { tipo: 'parar' }
  /** Answer `contadas` (later than `parar`, so that a stray notification has had time to arrive). */
  | { tipo: 'contar' }
  | { tipo: 'fechar' };

export type RespostaFugas =
  | { tipo: 'preparadas'; ms: number }
  | { tipo: 'paradas' }
  | {
      tipo: 'contadas';
      /** Fixes sent that decide a transition (each should raise one notification), in all. */
      travessias: number;
      /** Crossings whose notification never came (within `PRAZO_MS` of fugas.ts). */
      faltando: number;
      /** Notifications beyond one per crossing, or not the one expected. */
      extras: number;
      /** Fixes never acknowledged. */
      semAck: number;
      /** Per stretch: its crossings, and the times of those notified. */
      porFase: Record<string, { travessias: number; etapas: Etapa[] }>;
    }
  | { tipo: 'fechadas' }
  | { tipo: 'erro'; mensagem: string };

/** What the API process (api.ts) tells the benchmark. */
export type { AvisoDoFilho as AvisoApi } from '../lib/servir-no-filho';

/** The API process reads the database from here. */
export { ENV_URL_DO_BANCO as ENV_URL } from '../lib/env';

/**
 * Fix `i` of every device is stamped BASE + i seconds, so each row names the fix it came from:
 * from yesterday's start (UTC), late for the zones and never ahead of the clock, in the monthly
 * partitions the server keeps (every process of the run computes the same day).
 */
export const BASE_FIX_MS = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
