import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Database, Db } from '../../db/client';
import { CANAL_PUSH } from '../../lib/canais';
import { destinoPublico } from '../../lib/destino-publico';
import { LacoDeFila } from '../../lib/laco-de-fila';
import { tarefaDeFundo } from '../../lib/tarefa-de-fundo';
import { ClienteHttpPush, type RespostaPush } from './cliente-http';
import { entregues, reagendar, removerPorId, reservar, type Envio } from './repository';
import { chavesVapid } from './service';

export interface OpcoesEntregador {
  vapid: { publicKey: string; privateKey: string; subject: string };
  permitirHttp: boolean;
  pollMs: number;
  maxTentativas: number;
  esperaBaseMs: number;
  ttlSegundos: number;
  /** The whole of one send must end in this time (PRAZO_MS unless told; tests shorten it). */
  prazoMs?: number;
  /** Sockets open at once to one push service (cliente-http's default unless told). */
  maxSocketsPorOrigem?: number;
  /** Sockets open at once in all, idle ones included (MAX_EM_VOO unless told). */
  maxSockets?: number;
}

const LOTE = 100;
const LEASE_MS = 60_000;
/**
 * The whole of one send — the name's lookup, waiting for a socket, connecting, the answer to its
 * last byte — must end in this time, or it is a failure (retried) and its socket is closed. Well
 * under the lease: a message in flight is never claimed again.
 */
const PRAZO_MS = 10_000;
/** Messages on their way at once, per instance: each holds a socket, or waits for one, until its answer ends. */
const MAX_EM_VOO = 1000;
/** Name lookups at once: they share libuv's small thread pool with password hashing and files. */
const MAX_CONSULTAS_DNS = 8;
/** On shutdown, how long the sends on their way may still finish before they are cut (and retried at once). */
const GRACA_MS = 2000;

/** Backoff: base, 2×, 4×… capped at 15 minutes; a push service's Retry-After wins when longer. */
const espera = (tentativas: number, baseMs: number, retryAfterS?: number) =>
  Math.max(Math.min(baseMs * 2 ** Math.max(0, tentativas - 1), 15 * 60_000), (retryAfterS ?? 0) * 1000);

/** What became of one send: the push service's answer, or why there was none. */
type Resultado =
  | Exclude<RespostaPush, { tipo: 'tentar' }>
  | { tipo: 'tentar'; erro: string; retryAfterS?: number; /** Cut by the stop: retried at once. */ agora?: boolean };

/** Runs at most `max` of the given tasks at once, the rest in order as places free up. */
function limitador(max: number) {
  let ativos = 0;
  const fila: (() => void)[] = [];
  return async <T>(tarefa: () => Promise<T>): Promise<T> => {
    if (ativos >= max) await new Promise<void>((r) => fila.push(r));
    ativos++;
    try {
      return await tarefa();
    } finally {
      ativos--;
      fila.shift()?.();
    }
  };
}

/** Resolves with `valor` when `sinal` aborts. */
const quandoAbortar = <T>(sinal: AbortSignal, valor: () => T) =>
  new Promise<T>((resolve) => {
    if (sinal.aborted) resolve(valor());
    else sinal.addEventListener('abort', () => resolve(valor()), { once: true });
  });

/**
 * Delivers the push queue (RFC 8030 with VAPID, RFC 8292, and aes128gcm, RFC 8291, as `web-push`
 * builds them). Claimed with a lease like the e-mail outbox; woken by NOTIFY when a message is
 * queued, polled otherwise. A round claims and sends without waiting for the answers: each message
 * is settled when its push service's answer ends or its deadline passes (then its socket is
 * closed), so a slow push service delays only its own messages, never the next round's, and holds
 * no socket for longer than the deadline. 404/410 mean the browser dropped the subscription: it
 * is removed.
 */
export class EntregadorPush {
  private readonly laco: LacoDeFila;
  private pararDeOuvir: (() => Promise<void>) | undefined;
  /** Told each message delivered, with when it was queued (metrics, benchmarks). */
  aoEntregar: ((envio: Envio) => void) | undefined;
  /** VAPID Authorization per push service origin, reused until shortly before it expires. */
  private readonly vapidPorOrigem = new Map<string, { authorization: string; ate: number }>();
  /** Sends whose push service has not answered yet, by message id, with what cuts them short. */
  private readonly emVoo = new Map<number, { envio: Promise<void>; controle: AbortController }>();
  /** A round found no room: the first send to finish asks for the next. */
  private semEspaco = false;
  /** Answered, waiting to be written back (together, when many answer at once). */
  private respondidos: (readonly [Envio, Resultado])[] = [];
  private assentando: Promise<void> | undefined;
  private readonly consultarDns = limitador(MAX_CONSULTAS_DNS);
  private readonly prazoMs: number;
  private readonly cliente: ClienteHttpPush;

  constructor(
    private readonly db: Db,
    private readonly opts: OpcoesEntregador,
    private readonly log: FastifyBaseLogger,
  ) {
    this.prazoMs = opts.prazoMs ?? PRAZO_MS;
    this.cliente = new ClienteHttpPush({ maxSocketsPorOrigem: opts.maxSocketsPorOrigem, maxSockets: opts.maxSockets ?? MAX_EM_VOO });
    this.laco = new LacoDeFila(() => this.rodada(), {
      lote: LOTE,
      intervaloMs: opts.pollMs,
      aoFalhar: (err) => this.log.error({ err }, 'erro ao processar a fila de push'),
    });
  }

  async iniciar(database: Database) {
    this.pararDeOuvir = await database.listen(
      CANAL_PUSH,
      () => this.laco.acordar(),
      () => this.laco.acordar(),
    );
    this.laco.iniciar();
  }

  /**
   * Stops claiming; the sends on their way get GRACA_MS to finish, then are cut and put back to be
   * retried at once (by this server's successor or another instance); every outcome is written.
   */
  async parar() {
    await this.pararDeOuvir?.().catch(() => undefined);
    await this.laco.parar();
    const todos = () => Promise.all([...this.emVoo.values()].map((v) => v.envio));
    let prazo: NodeJS.Timeout | undefined;
    await Promise.race([todos(), new Promise((r) => (prazo = setTimeout(r, GRACA_MS)))]);
    clearTimeout(prazo);
    for (const v of this.emVoo.values()) v.controle.abort(new Error('servidor parando'));
    await todos();
    await this.assentar();
    this.cliente.fechar();
  }

  /** One round: claims what is due (while fewer than MAX_EM_VOO are on their way) and sends it; returns how many. */
  async rodada(): Promise<number> {
    const livres = MAX_EM_VOO - this.emVoo.size;
    if (livres < LOTE) this.semEspaco = true;
    if (livres <= 0) return 0;
    const lote = await reservar(this.db, Math.min(LOTE, livres), LEASE_MS);
    for (const e of lote) {
      // Still on its way here (a lease cannot run out before the deadline, but never send twice).
      if (this.emVoo.has(e.id)) continue;
      const controle = new AbortController();
      const prazo = setTimeout(() => controle.abort(new Error('sem resposta do serviço de push a tempo')), this.prazoMs);
      const cortado = (): Resultado => ({
        tipo: 'tentar',
        erro: controle.signal.reason instanceof Error ? controle.signal.reason.message : 'interrompido',
        agora: controle.signal.reason instanceof Error && controle.signal.reason.message === 'servidor parando',
      });
      const envio = Promise.race([this.enviar(e, controle.signal), quandoAbortar(controle.signal, cortado)])
        .catch((err: unknown): Resultado => ({ tipo: 'tentar', erro: err instanceof Error ? err.message : String(err) }))
        .then((r) => {
          this.respondidos.push([e, r]);
          void this.assentar();
        })
        .finally(() => {
          clearTimeout(prazo);
          this.emVoo.delete(e.id);
          if (this.semEspaco) {
            this.semEspaco = false;
            this.laco.acordar();
          }
        });
      this.emVoo.set(e.id, { envio, controle });
    }
    return lote.length;
  }

  /** Writes back what was answered: one statement for the delivered, one per other outcome. */
  private assentar(): Promise<void> {
    this.assentando ??= (async () => {
      try {
        // Answers that arrive while writing wait for the next turn of this loop.
        await Promise.resolve();
        while (this.respondidos.length > 0) {
          const feitos = this.respondidos;
          this.respondidos = [];
          await this.registrar(feitos).catch((err: unknown) => this.log.error({ err }, 'erro ao registrar envios de push'));
        }
      } finally {
        this.assentando = undefined;
      }
    })();
    return this.assentando;
  }

  private async registrar(resultados: readonly (readonly [Envio, Resultado])[]) {
    await entregues(
      this.db,
      resultados.filter(([, r]) => r.tipo === 'ok').map(([e]) => e.id),
    );
    for (const [e, r] of resultados) {
      if (r.tipo === 'ok') {
        this.aoEntregar?.(e);
      } else if (r.tipo === 'sumiu') {
        await removerPorId(this.db, e.inscricaoId);
        this.log.info({ inscricaoId: e.inscricaoId }, 'inscrição de push removida: o serviço de push não a conhece mais');
      } else if (r.tipo === 'desistir' || (e.tentativas >= this.opts.maxTentativas && !(r.tipo === 'tentar' && r.agora))) {
        await entregues(this.db, [e.id]);
        this.log.warn({ inscricaoId: e.inscricaoId, tentativas: e.tentativas, erro: r.erro }, 'push desistido');
      } else {
        const ms = r.agora ? 0 : espera(e.tentativas, this.opts.esperaBaseMs, r.retryAfterS);
        await reagendar(this.db, e.id, e.tentativas, ms, r.erro);
        this.log.info(
          { inscricaoId: e.inscricaoId, tentativas: e.tentativas, erro: r.erro },
          'falha ao enviar push; nova tentativa agendada',
        );
      }
    }
  }

  /**
   * RFC 8292: the JWT names the push service's origin and may last up to 24 h. Signing one per
   * message was half the sender's CPU (bench/push): one per origin, renewed after 11 of its 12 h.
   */
  private autorizacao(origem: string) {
    const agora = Date.now();
    const guardada = this.vapidPorOrigem.get(origem);
    if (guardada && guardada.ate > agora) return guardada.authorization;
    const { publicKey, privateKey, subject } = this.opts.vapid;
    const exp = Math.floor(agora / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(origem, subject, publicKey, privateKey, 'aes128gcm', exp);
    // Endpoints are given by users: the map stays small whatever they send.
    if (this.vapidPorOrigem.size >= 1000) this.vapidPorOrigem.clear();
    this.vapidPorOrigem.set(origem, { authorization: Authorization, ate: agora + 11 * 3_600_000 });
    return Authorization;
  }

  /** One message to its push service; `sinal` aborts the request when the deadline passes or the server stops. */
  private async enviar(e: Envio, sinal: AbortSignal): Promise<Resultado> {
    // Checked again at every send: the name may point elsewhere now than when it was subscribed.
    const destino = await this.consultarDns(() => destinoPublico(e.endpoint, this.opts.permitirHttp));
    if (sinal.aborted) return { tipo: 'tentar', erro: 'interrompido' };
    // A name that does not resolve now may resolve later; one that points inward, or at another port, never may be called.
    if (!destino.ok) return destino.motivo === 'dns' ? { tipo: 'tentar', erro: 'endereço não resolvido' } : { tipo: 'sumiu' };
    let pedido: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      pedido = webpush.generateRequestDetails({ endpoint: e.endpoint, keys: { p256dh: e.p256dh, auth: e.auth } }, e.payload, {
        TTL: this.opts.ttlSegundos,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      });
    } catch {
      // Keys the browser gave that cannot encrypt: this subscription will never work.
      return { tipo: 'sumiu' };
    }
    return this.cliente.postar(destino, pedido.headers, pedido.body, this.autorizacao(destino.url.origin), sinal);
  }
}

/** The sender on every instance (modules/index.ts), with the VAPID keys the routes also hand out. */
export const entregadorPush = tarefaDeFundo('push.entregador', async (app) => {
  const push = app.config.push;
  const chaves = await chavesVapid(app);
  const entregador = new EntregadorPush(
    app.db,
    { ...push, vapid: { ...chaves, subject: push.subject } },
    app.log.child({ modulo: 'push' }),
  );
  return { iniciar: () => entregador.iniciar(app.database), parar: () => entregador.parar() };
});
