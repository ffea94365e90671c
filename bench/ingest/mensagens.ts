/** What the benchmark (server side) and the simulated devices (child process) say over IPC. */

export type Pedido =
  /** Connect and log in every IMEI; answer `prontos`. */
  | { tipo: 'carga'; host: string; porta: number; imeis: string[]; janela: number; concorrencia: number }
  /** Start sending GPS fixes: each device keeps `janela` of them waiting for an ack. */
  | { tipo: 'enviar' }
  /** From now on, latencies count. */
  | { tipo: 'medir' }
  /** No new fixes; wait for the acks of those sent; answer `carga-fim`. */
  | { tipo: 'parar' }
  /** Open logged-in connections that then stay silent; answer `abertas`. */
  | { tipo: 'ociosas'; host: string; porta: number; imeis: string[]; concorrencia: number }
  /** Ask each idle connection for the time; answer `verificadas` with how many replied. */
  | { tipo: 'verificar'; prazoMs: number }
  | { tipo: 'fechar' };

export type Resposta =
  | { tipo: 'prontos'; logados: number; ms: number }
  | {
      tipo: 'carga-fim';
      /** Per device, in the order of the IMEIs: fixes acknowledged (always its first ones). */
      confirmados: number[];
      /** Sent but never acknowledged before the drain gave up. */
      semResposta: number;
      /** Acks whose time did not match the fix they should acknowledge. */
      acksErrados: number;
      /** Acks received while measuring, and over how long (ms). */
      acksMedidos: number;
      msMedidos: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      /** CPU time this process spent while measuring (ms). */
      cpuMs: number;
    }
  | { tipo: 'abertas'; logadas: number; falhas: number; ms: number }
  | { tipo: 'verificadas'; vivas: number }
  | { tipo: 'fechadas' }
  | { tipo: 'erro'; mensagem: string };

/** Fix `i` of every device is stamped BASE + i seconds, so each row names the fix it came from. */
export const BASE_FIX_MS = Date.UTC(2024, 0, 1, 0, 0, 0);
