import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/**
 * Sockets at once to one push service (most browsers' subscriptions are at two or three of them),
 * kept alive between messages: no new TLS handshake per alert. The rest wait their turn, within
 * their deadline.
 */
const MAX_SOCKETS_POR_ORIGEM = 100;
/** An idle kept-alive socket is closed after this (sooner if the push service's Keep-Alive says so). */
const OCIOSO_MS = 30_000;
/**
 * Of an answer's body, at most this is read (push services answer with an empty or a short one):
 * past it the socket is closed and the status alone decides.
 */
const MAX_CORPO_RESPOSTA = 4096;

/** What a push service's answer means for the message. */
export type RespostaPush =
  | { tipo: 'ok' }
  | { tipo: 'sumiu' }
  | { tipo: 'desistir'; erro: string }
  | { tipo: 'tentar'; erro: string; retryAfterS?: number };

/**
 * POSTs messages to push services over a pool of sockets per scheme — bounded per push service and
 * in all, idle ones closed — to the address that was checked, never following redirects. A
 * message's answer counts once it ends: `sinal` (its deadline) cuts it, and closes its socket,
 * however slowly the push service trickles it.
 */
export class ClienteHttpPush {
  private readonly agentes: { 'http:': http.Agent; 'https:': https.Agent };

  constructor(opcoes: { maxSocketsPorOrigem?: number | undefined; maxSockets: number }) {
    const agente = {
      keepAlive: true,
      maxSockets: opcoes.maxSocketsPorOrigem ?? MAX_SOCKETS_POR_ORIGEM,
      maxTotalSockets: opcoes.maxSockets,
      timeout: OCIOSO_MS,
      scheduling: 'lifo' as const,
    };
    this.agentes = { 'http:': new http.Agent(agente), 'https:': new https.Agent(agente) };
  }

  /** `endereco`: where `url`'s host was found public (undefined: resolve it, only with PUSH_PERMITIR_HTTP). */
  postar(
    destino: { url: URL; endereco: string | undefined },
    headers: http.OutgoingHttpHeaders,
    corpo: Buffer | null,
    authorization: string,
    sinal: AbortSignal,
  ): Promise<RespostaPush> {
    const { url, endereco } = destino;
    // Connect to the address that was checked, not to whatever a second lookup answers.
    const lookup: LookupFunction | undefined =
      endereco === undefined
        ? undefined
        : (_host, opcoes, cb) => {
            const family = endereco.includes(':') ? 6 : 4;
            if (opcoes.all) cb(null, [{ address: endereco, family }]);
            else cb(null, endereco, family);
          };
    const seguro = url.protocol === 'https:';
    const agent = this.agentes[seguro ? 'https:' : 'http:'];
    abrirEspaco(agent);
    return new Promise<RespostaPush>((resolve) => {
      const req = (seguro ? https : http).request(
        url,
        { method: 'POST', headers, signal: sinal, agent, ...(lookup ? { lookup } : {}) },
        (res) => {
          // Settled when the answer ends; a body past MAX_CORPO_RESPOSTA is not waited for: its
          // socket is closed (and not reused) and the status decides.
          const resposta = interpretar(res);
          let lidos = 0;
          res.on('data', (parte: Buffer) => {
            lidos += parte.length;
            if (lidos <= MAX_CORPO_RESPOSTA) return;
            resolve(resposta);
            res.destroy();
          });
          res.on('end', () => resolve(resposta));
          res.on('error', (err) => resolve({ tipo: 'tentar', erro: err.message }));
        },
      );
      req.on('error', (err) => resolve({ tipo: 'tentar', erro: err.message }));
      req.setHeader('Authorization', authorization);
      req.end(corpo);
    });
  }

  /** Closes the idle sockets (the sends on their way were settled before). */
  fechar() {
    this.agentes['http:'].destroy();
    this.agentes['https:'].destroy();
  }
}

/**
 * With every socket of the pool open, a send to a push service that has none would wait for an idle
 * one elsewhere to time out (Node's agent does not close it for another origin): close the oldest
 * idle one, and the agent opens this send's socket as soon as it is gone.
 */
function abrirEspaco(agent: http.Agent) {
  const contar = (porOrigem: NodeJS.ReadOnlyDict<unknown[]>) => Object.values(porOrigem).reduce((n, l) => n + (l?.length ?? 0), 0);
  if (contar(agent.sockets) + contar(agent.freeSockets) < agent.maxTotalSockets) return;
  for (const ociosos of Object.values(agent.freeSockets)) {
    const ocioso = ociosos?.[0];
    if (ocioso) return void ocioso.destroy();
  }
}

/** What a push service's status means (RFC 8030 §5; 404/410: the browser dropped the subscription). */
function interpretar(res: http.IncomingMessage): RespostaPush {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) return { tipo: 'ok' };
  if (status === 404 || status === 410) return { tipo: 'sumiu' };
  if (status === 429 || status >= 500) {
    const ra = Number(res.headers['retry-after']);
    return {
      tipo: 'tentar',
      erro: `HTTP ${status}`,
      ...(Number.isFinite(ra) && ra > 0 ? { retryAfterS: Math.min(ra, 3600) } : {}),
    };
  }
  return { tipo: 'desistir', erro: `HTTP ${status}` };
}
