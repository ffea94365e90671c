import { performance } from 'node:perf_hooks';

/** What the benchmark (main.ts) and the owners' process (donos.ts) say to each other over IPC. */

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between the processes of one machine. */
export const agora = () => performance.timeOrigin + performance.now();

/** Which endpoints a POST went to: the server's queue (`/push/<i>`) or the baseline's direct sends (`/base/<i>`). */
export type Rota = 'push' | 'base';

export type Pedido =
  | { tipo: 'receptor'; n: number }
  | { tipo: 'conectar'; host: string; porta: number; imeis: string[]; concorrencia: number }
  | { tipo: 'disparar' }
  | { tipo: 'esperar'; rota: Rota; prazoMs: number };

export type Resposta =
  | { tipo: 'receptor'; porta: number }
  | { tipo: 'conectados'; logados: number; falhas: number; ms: number }
  /** `enviados[i]`: when device `i` wrote its SOS (wall ms). */
  | { tipo: 'disparados'; enviados: number[]; ms: number }
  | {
      tipo: 'esperados';
      /** `chegadas[i]`: when the first message for owner `i` was received in full (wall ms), null if none came. */
      chegadas: (number | null)[];
      /** Messages beyond the first for an owner. */
      repetidas: number;
      /** POSTs refused (not aes128gcm, no VAPID authorization, empty body, unknown path). */
      recusadas: number;
    }
  | { tipo: 'erro'; mensagem: string };

/** The API process reads the database from here. */
export { ENV_URL_DO_BANCO as ENV_URL } from '../lib/env';
