/**
 * A stand-in for the browser's WebSocket (the network boundary of the live channel), for
 * tests: `vi.stubGlobal('WebSocket', FakeWebSocket)`, then play the server's part with
 * `abrir()`, `receber()` and `cair()`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket created since the last `reiniciar()`, oldest first. */
  static instancias: FakeWebSocket[] = [];

  static reiniciar() {
    FakeWebSocket.instancias = [];
  }

  static ultima(): FakeWebSocket {
    const ws = FakeWebSocket.instancias.at(-1);
    if (!ws) throw new Error('nenhum WebSocket aberto');
    return ws;
  }

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  /** What the client sent, in order. */
  readonly enviadas: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instancias.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('InvalidStateError');
    this.enviadas.push(data);
  }

  close() {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  // ---- the server's side ----

  abrir() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** Pushes a frame: objects as JSON, strings as they are (garbage too). */
  receber(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }

  /** The connection drops. */
  cair() {
    this.readyState = FakeWebSocket.CLOSED;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
