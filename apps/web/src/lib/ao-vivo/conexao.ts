import { eventoSocketSchema, type EventoSocket, type SocketAuth } from '@rastro/shared/schemas/mapa';

/** Reconnection backoff: 1 s, doubling, at most 30 s. */
export const RECONEXAO = { inicialMs: 1000, maximoMs: 30_000 } as const;
/** A connection that lasted this long was healthy: the next drop starts the backoff over. */
const CONEXAO_ESTAVEL_MS = 5000;

export interface OpcoesConexao {
  url: string;
  /** Sent as the first message (the server closes a socket that does not authenticate). */
  auth: SocketAuth;
  onEvento: (evento: EventoSocket) => void;
  /** Opened again after a drop: whatever was pushed in between is lost, re-read it over REST. */
  onReconectado: () => void;
}

/** Parses one frame; anything that is not an EventoSocket (garbage, `{erro}`) is ignored. */
export function lerEvento(data: unknown): EventoSocket | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const evento = eventoSocketSchema.safeParse(json);
  return evento.success ? evento.data : null;
}

/**
 * Keeps one live connection open: authenticates, hands over each event, reconnects with
 * backoff after any drop. Returns the function that closes it for good.
 */
export function conectarAoVivo({ url, auth, onEvento, onReconectado }: OpcoesConexao): () => void {
  let socket: WebSocket | null = null;
  let espera: ReturnType<typeof setTimeout> | null = null;
  let tentativa = 0;
  let jaAbriu = false;
  let encerrado = false;

  const agendar = () => {
    const ms = Math.min(RECONEXAO.inicialMs * 2 ** tentativa, RECONEXAO.maximoMs);
    tentativa += 1;
    espera = setTimeout(abrir, ms);
  };

  function abrir() {
    espera = null;
    if (encerrado) return;
    let abertoEm: number | null = null;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url);
    } catch {
      agendar();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      abertoEm = Date.now();
      ws.send(JSON.stringify(auth));
      if (jaAbriu) onReconectado();
      jaAbriu = true;
    };
    ws.onmessage = (e: MessageEvent) => {
      const evento = lerEvento(e.data);
      if (evento) onEvento(evento);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (encerrado) return;
      if (abertoEm !== null && Date.now() - abertoEm >= CONEXAO_ESTAVEL_MS) tentativa = 0;
      agendar();
    };
  }

  abrir();

  return () => {
    encerrado = true;
    if (espera) clearTimeout(espera);
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.close();
    }
  };
}
