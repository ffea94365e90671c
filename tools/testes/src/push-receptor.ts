import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The browser's `PushSubscription.toJSON()`: what the owner's page posts to `/api/push/inscricoes`. */
export interface InscricaoPush {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The claims of a VAPID JWT (RFC 8292 §2). */
export interface ClaimsVapid {
  aud: string;
  exp: number;
  sub: string;
  [claim: string]: unknown;
}

/** A push message that passed every check and decrypted (answered 201). */
export interface MensagemPush {
  id: string;
  endpointId: string;
  endpoint: string;
  headers: IncomingHttpHeaders;
  ttl: number;
  urgencia: string | undefined;
  topico: string | undefined;
  /** The `k` of the Authorization header: the application server's VAPID public key (base64url). */
  chavePublica: string;
  claims: ClaimsVapid;
  /** The decrypted plaintext, parsed as JSON. */
  payload: unknown;
  recebidoEm: Date;
}

/** A request refused by the checks (answered 400, 404 or 413), with the reason. */
export interface FalhaPush {
  endpointId: string;
  headers: IncomingHttpHeaders;
  status: number;
  motivo: string;
  recebidoEm: Date;
}

/** Every POST that reached the receiver, whatever it was answered. */
export interface TentativaPush {
  endpointId: string;
  status: number;
  recebidoEm: Date;
}

export interface OpcoesResposta {
  /** Sent as the `Retry-After` header (seconds or an HTTP date). */
  retryAfter?: number | string;
  /** Answer this status only this many times, then go back to normal. */
  vezes?: number;
}

export interface ReceptorPush {
  readonly porta: number;
  /** `http://127.0.0.1:<port>`: the audience a VAPID JWT for this push service must carry. */
  readonly origem: string;
  readonly ativo: boolean;
  readonly mensagens: MensagemPush[];
  readonly falhas: FalhaPush[];
  readonly tentativas: TentativaPush[];
  /** Plays the browser: a new subscription with fresh P-256 keys and auth secret. */
  novaInscricao(): InscricaoPush;
  /** Refuses any message whose VAPID `k` is not this key (the one `GET /api/push/chave` handed out); `null` accepts any. */
  exigirChavePublica(chave: string | null): void;
  /** `alvo`: an endpoint id, an endpoint URL or `'todos'`; an endpoint's own rule wins over `'todos'`. */
  responderCom(alvo: string, status: number, opcoes?: OpcoesResposta): void;
  /** Drops the forced answer of `alvo`, or every forced answer without it. */
  responderNormalmente(alvo?: string): void;
  /** Delays every answer by `ms` (a slow push service); 0 turns it off. */
  atrasar(ms: number): void;
  esperar(predicado?: (m: MensagemPush) => boolean, timeoutMs?: number): Promise<MensagemPush>;
  esperarTentativa(predicado?: (t: TentativaPush) => boolean, timeoutMs?: number): Promise<TentativaPush>;
  esperarFalha(predicado?: (f: FalhaPush) => boolean, timeoutMs?: number): Promise<FalhaPush>;
  /** Stops listening (connections refused) but keeps the port for `iniciar()`. */
  parar(): Promise<void>;
  /** Listens again on the same port. */
  iniciar(): Promise<void>;
  /** Forgets the recorded messages, failures and attempts. */
  limpar(): void;
  fechar(): Promise<void>;
}

/** RFC 8030 §7.2: a push service may refuse larger messages with 413. */
const LIMITE_CORPO = 4096;
const URGENCIAS = new Set(['very-low', 'low', 'normal', 'high']);
const BASE64URL = /^[A-Za-z0-9_-]*$/;

class Recusa extends Error {
  constructor(
    motivo: string,
    readonly status = 400,
  ) {
    super(motivo);
  }
}

interface Navegador {
  ecdh: ECDH;
  publica: Buffer;
  auth: Buffer;
  endpoint: string;
}

interface Forcada {
  status: number;
  retryAfter: number | string | undefined;
  restantes: number;
}

/** The id a subscription's endpoint ends with. */
export function idDoEndpoint(endpoint: string): string {
  return new URL(endpoint).pathname.split('/').pop() ?? '';
}

function b64url(s: string, oque: string): Buffer {
  if (!BASE64URL.test(s)) throw new Recusa(`${oque} não é base64url`);
  return Buffer.from(s, 'base64url');
}

function json(b: Buffer, oque: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(b));
  } catch {
    throw new Recusa(`${oque} não é JSON em UTF-8`);
  }
}

/** RFC 8292: `Authorization: vapid t=<JWT>, k=<P-256 public key>`; returns `k` and the claims. */
function verificarVapid(authorization: string | undefined, origem: string, esperada: Buffer | null) {
  const m = /^vapid\s+(.+)$/i.exec(authorization ?? '');
  if (!m?.[1]) throw new Recusa('Authorization vapid ausente');
  const params = new Map(
    m[1].split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim().toLowerCase(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = params.get('t');
  const k = params.get('k');
  if (!t || !k) throw new Recusa('Authorization vapid sem t= ou k=');
  const ponto = b64url(k, 'k');
  if (ponto.length !== 65 || ponto[0] !== 0x04) throw new Recusa('k não é um ponto P-256 não comprimido');
  if (esperada && !esperada.equals(ponto)) throw new Recusa('k não é a chave pública que a API entregou');
  let chave;
  try {
    const jwk = { kty: 'EC', crv: 'P-256', x: ponto.subarray(1, 33).toString('base64url'), y: ponto.subarray(33).toString('base64url') };
    chave = createPublicKey({ key: jwk, format: 'jwk' });
  } catch {
    throw new Recusa('k não é um ponto da curva P-256');
  }
  const partes = t.split('.');
  const [h, p, s] = partes;
  if (partes.length !== 3 || h === undefined || p === undefined || s === undefined) throw new Recusa('t não é um JWT');
  const cabecalho = json(b64url(h, 'cabeçalho do JWT'), 'cabeçalho do JWT');
  if (typeof cabecalho !== 'object' || cabecalho === null || !('alg' in cabecalho) || cabecalho.alg !== 'ES256') {
    throw new Recusa('JWT não é ES256');
  }
  const assinatura = b64url(s, 'assinatura do JWT');
  if (assinatura.length !== 64 || !verify('sha256', Buffer.from(`${h}.${p}`), { key: chave, dsaEncoding: 'ieee-p1363' }, assinatura)) {
    throw new Recusa('assinatura do JWT não confere com k');
  }
  const claims = json(b64url(p, 'claims do JWT'), 'claims do JWT');
  if (typeof claims !== 'object' || claims === null) throw new Recusa('claims do JWT não são um objeto');
  const { aud, exp, sub } = claims as Record<string, unknown>;
  if (aud !== origem) throw new Recusa(`aud ${String(aud)} não é a origem do push service (${origem})`);
  const agora = Math.floor(Date.now() / 1000);
  if (typeof exp !== 'number' || !Number.isInteger(exp)) throw new Recusa('exp ausente');
  if (exp <= agora) throw new Recusa('JWT expirado');
  if (exp > agora + 24 * 3600) throw new Recusa('exp mais de 24 h à frente');
  if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) throw new Recusa('sub ausente ou não é mailto:/https:');
  return { chavePublica: k, claims: { ...claims, aud, exp, sub } };
}

/** RFC 8291 + RFC 8188: decrypts the single aes128gcm record with the user agent's keys. */
function decifrar(corpo: Buffer, ua: Navegador): Buffer {
  if (corpo.length < 21) throw new Recusa('cabeçalho aes128gcm incompleto');
  const salt = corpo.subarray(0, 16);
  const rs = corpo.readUInt32BE(16);
  if (corpo[20] !== 65) throw new Recusa('keyid não tem os 65 bytes da chave efêmera do servidor');
  const remetente = corpo.subarray(21, 86);
  const registro = corpo.subarray(86);
  if (rs < 18) throw new Recusa('rs menor que 18');
  if (registro.length > rs) throw new Recusa('mais de um registro (RFC 8291 exige um só)');
  if (registro.length < 17) throw new Recusa('registro curto demais');
  let segredo;
  try {
    segredo = ua.ecdh.computeSecret(remetente);
  } catch {
    throw new Recusa('keyid não é um ponto P-256');
  }
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ua.publica, remetente]);
  const ikm = Buffer.from(hkdfSync('sha256', segredo, ua.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  let claro;
  try {
    const decifrador = createDecipheriv('aes-128-gcm', cek, nonce);
    decifrador.setAuthTag(registro.subarray(-16));
    claro = Buffer.concat([decifrador.update(registro.subarray(0, -16)), decifrador.final()]);
  } catch {
    throw new Recusa('corpo não decifra com as chaves da inscrição');
  }
  // The plaintext is content, a delimiter (0x02 on the last record) and zero padding.
  let fim = claro.length - 1;
  while (fim >= 0 && claro[fim] === 0) fim--;
  if (claro[fim] !== 0x02) throw new Recusa('registro sem o delimitador 0x02 de último registro');
  return claro.subarray(0, fim);
}

function verificarCabecalhos(headers: IncomingHttpHeaders) {
  const ttl = headers.ttl;
  if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Recusa('TTL ausente ou inválido');
  const urgencia = headers.urgency;
  if (urgencia !== undefined && (typeof urgencia !== 'string' || !URGENCIAS.has(urgencia)))
    throw new Recusa(`Urgency inválida: ${urgencia}`);
  const topico = headers.topic;
  if (topico !== undefined && (typeof topico !== 'string' || !/^[A-Za-z0-9_-]{1,32}$/.test(topico))) throw new Recusa('Topic inválido');
  if (headers['content-encoding'] !== 'aes128gcm')
    throw new Recusa(`Content-Encoding ${headers['content-encoding'] ?? '(ausente)'} não é aes128gcm`);
  return { ttl: Number(ttl), urgencia, topico };
}

/**
 * A push service for the tests (RFC 8030) that also plays the browser: it hands out
 * subscriptions, checks the VAPID JWT (RFC 8292) and decrypts each message (RFC 8291) with
 * node:crypto alone, so it checks web-push's output instead of trusting it.
 */
export async function iniciarReceptorPush(opcoes: { chavePublicaEsperada?: string } = {}): Promise<ReceptorPush> {
  const navegadores = new Map<string, Navegador>();
  const forcadas = new Map<string, Forcada>();
  const mensagens: MensagemPush[] = [];
  const falhas: FalhaPush[] = [];
  const tentativas: TentativaPush[] = [];
  const avisos = new Set<() => void>();
  let esperada = opcoes.chavePublicaEsperada ? Buffer.from(opcoes.chavePublicaEsperada, 'base64url') : null;
  let atrasoMs = 0;
  let porta = 0;
  let ativo = false;
  let origem = '';

  function registrar<T>(lista: T[], item: T) {
    lista.push(item);
    for (const aviso of [...avisos]) aviso();
  }

  function forcada(id: string): Forcada | undefined {
    const chave = forcadas.has(id) ? id : 'todos';
    const f = forcadas.get(chave);
    if (f && --f.restantes <= 0) forcadas.delete(chave);
    return f;
  }

  async function tratar(req: IncomingMessage, res: ServerResponse) {
    const recebidoEm = new Date();
    const partes: Buffer[] = [];
    for await (const c of req) partes.push(c as Buffer);
    const corpo = Buffer.concat(partes);
    const endpointId = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.method === 'POST' ? (req.url ?? '') : '')?.[1] ?? '';
    const ua = navegadores.get(endpointId);
    let status = 201;
    const f = ua ? forcada(endpointId) : undefined;
    if (atrasoMs > 0) await new Promise((r) => setTimeout(r, atrasoMs));
    if (f) {
      status = f.status;
      if (f.retryAfter !== undefined) res.setHeader('retry-after', String(f.retryAfter));
    } else {
      try {
        if (!ua) throw new Recusa('inscrição desconhecida', 404);
        const cabecalhos = verificarCabecalhos(req.headers);
        if (corpo.length === 0) throw new Recusa('mensagem sem corpo');
        if (corpo.length > LIMITE_CORPO) throw new Recusa(`corpo de ${corpo.length} bytes passa de ${LIMITE_CORPO}`, 413);
        const vapid = verificarVapid(req.headers.authorization, origem, esperada);
        const payload = json(decifrar(corpo, ua), 'payload');
        const id = randomUUID();
        res.setHeader('location', `${origem}/m/${id}`);
        registrar(mensagens, { id, endpointId, endpoint: ua.endpoint, headers: req.headers, ...cabecalhos, ...vapid, payload, recebidoEm });
      } catch (e) {
        if (!(e instanceof Recusa)) throw e;
        status = e.status;
        registrar(falhas, { endpointId, headers: req.headers, status, motivo: e.message, recebidoEm });
      }
    }
    registrar(tentativas, { endpointId, status, recebidoEm });
    res.statusCode = status;
    res.end();
  }

  // One server for the receiver's whole life: after close() it can listen again on the same port.
  const server: Server = createServer((req, res) => {
    tratar(req, res).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });

  async function escutar() {
    // Right after close() the port may still be held for a moment: retry briefly.
    for (let i = 0; ; i++) {
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(porta, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
        break;
      } catch (e) {
        if (i >= 40 || (e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    porta = (server.address() as AddressInfo).port;
    origem = `http://127.0.0.1:${porta}`;
    ativo = true;
  }

  async function parar() {
    if (!ativo) return;
    ativo = false;
    const fechado = new Promise<void>((r) => server.close(() => r()));
    server.closeAllConnections();
    await fechado;
  }

  function esperarEm<T>(lista: T[], predicado: (x: T) => boolean, timeoutMs: number, oque: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const achado = lista.find(predicado);
      if (achado !== undefined) return resolve(achado);
      const aviso = () => {
        const x = lista.find(predicado);
        if (x === undefined) return;
        clearTimeout(timer);
        avisos.delete(aviso);
        resolve(x);
      };
      const timer = setTimeout(() => {
        avisos.delete(aviso);
        reject(
          new Error(
            `nenhum(a) ${oque} em ${timeoutMs} ms (${tentativas.length} tentativas, falhas: ${falhas.map((f) => f.motivo).join('; ')})`,
          ),
        );
      }, timeoutMs);
      avisos.add(aviso);
    });
  }

  const alvoDe = (alvo: string) => (alvo.startsWith('http') ? idDoEndpoint(alvo) : alvo);

  await escutar();
  return {
    get porta() {
      return porta;
    },
    get origem() {
      return origem;
    },
    get ativo() {
      return ativo;
    },
    mensagens,
    falhas,
    tentativas,
    novaInscricao() {
      const id = randomBytes(16).toString('base64url');
      const ecdh = createECDH('prime256v1');
      const publica = ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origem}/push/${id}`;
      navegadores.set(id, { ecdh, publica, auth, endpoint });
      return { endpoint, keys: { p256dh: publica.toString('base64url'), auth: auth.toString('base64url') } };
    },
    exigirChavePublica(chave) {
      esperada = chave === null ? null : Buffer.from(chave, 'base64url');
    },
    responderCom(alvo, status, o = {}) {
      forcadas.set(alvoDe(alvo), { status, retryAfter: o.retryAfter, restantes: o.vezes ?? Infinity });
    },
    responderNormalmente(alvo) {
      if (alvo === undefined) forcadas.clear();
      else forcadas.delete(alvoDe(alvo));
    },
    atrasar(ms) {
      atrasoMs = ms;
    },
    esperar: (predicado = () => true, timeoutMs = 15_000) => esperarEm(mensagens, predicado, timeoutMs, 'mensagem push'),
    esperarTentativa: (predicado = () => true, timeoutMs = 15_000) => esperarEm(tentativas, predicado, timeoutMs, 'tentativa push'),
    esperarFalha: (predicado = () => true, timeoutMs = 15_000) => esperarEm(falhas, predicado, timeoutMs, 'falha push'),
    parar,
    async iniciar() {
      if (!ativo) await escutar();
    },
    limpar() {
      mensagens.length = 0;
      falhas.length = 0;
      tentativas.length = 0;
    },
    fechar: parar,
  };
}
