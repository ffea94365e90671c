import { connect, type Socket } from 'node:net';
import { encodeLogin } from '@rastro/topin/device-to-server/encode';
import { decodeServerFrame, type ServerMessage } from '@rastro/topin/server-to-device/decode';
import { TopinFramer } from '@rastro/topin/framer';

const FIRMWARE = 0x12;
/** A login unanswered by then counts as refused. */
const PRAZO_LOGIN_MS = 30_000;

/**
 * A simulated device's connection, for the benchmarks' device processes: real TOPIN over TCP,
 * logs in as soon as it connects; every server message after the login's answer goes to `receber`
 * (a subclass's).
 */
export class ConexaoDeAparelho {
  readonly socket: Socket;
  private readonly framer = new TopinFramer({ source: 'server' });
  logado = false;
  /** Whether the login was accepted (false: refused, closed, or no answer in 30 s). */
  readonly login: Promise<boolean>;

  constructor(
    readonly imei: string,
    host: string,
    porta: number,
  ) {
    let logou: (ok: boolean) => void = () => undefined;
    this.login = new Promise((resolve) => {
      const prazo = setTimeout(() => resolve(false), PRAZO_LOGIN_MS);
      logou = (ok) => {
        clearTimeout(prazo);
        resolve(ok);
      };
    });
    this.socket = connect({ host, port: porta });
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => this.socket.write(encodeLogin(imei, FIRMWARE)));
    this.socket.on('data', (chunk: Buffer) => {
      for (const frame of this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
        const msg = decodeServerFrame(frame);
        if (msg.kind === 'loginAccepted' && !this.logado) {
          this.logado = true;
          logou(true);
        } else if (msg.kind === 'loginRejected') logou(false);
        else this.receber(msg);
      }
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.logado = false;
      logou(false);
    });
  }

  protected receber(_msg: ServerMessage): void {
    // A silent device ignores what the server says.
  }
}

/** Creates `n` connections `concorrencia` at a time (a listen backlog is finite), each one's login answered before the next. */
export async function conectarTodas<T extends { login: Promise<boolean> }>(n: number, criar: (i: number) => T, concorrencia: number) {
  const todas: T[] = [];
  let falhas = 0;
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < n) {
      const i = proximo++;
      const c = criar(i);
      todas[i] = c;
      if (!(await c.login)) falhas++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concorrencia, n) }, trabalhador));
  return { todas, falhas };
}
