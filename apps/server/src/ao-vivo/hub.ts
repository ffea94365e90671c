import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { SOCKET_NAO_AUTENTICADO } from '@rastro/shared/constants';
import { socketAuthSchema, type EventoSocket } from '@rastro/shared/schemas/mapa';
import type { Database } from '../db/client';
import { CANAL_EVENTOS } from '../lib/canais';
import { CANAL_SESSOES } from '../plugins/cache-de-sessoes';
import { prepararComoDonosVeem, rastreadoresDosUsuarios } from '../modules/meus-rastreadores/service';
import { novasDeCada, ultimoId } from '../modules/notificacoes/service';
import { marcadoresDosRastreadores } from '../modules/localizacoes/service';
import type { Auth, Principal } from '../plugins/auth';

interface Assinante {
  socket: WebSocket;
  principal: Principal;
  token: string;
  /** The newest notification this socket has been told about. */
  ultimaNotificacao: number;
}

const avisoSchema = z.object({
  r: z.array(z.number().int()).default([]),
  u: z.array(z.number().int()).default([]),
  /** Users who stopped seeing a tracker (a co-guardian removed): `{ u: usuarioId, r: rastreadorId }`. */
  rm: z.array(z.object({ u: z.number().int(), r: z.number().int() })).default([]),
  /** Users whose subscriptions or charges changed (a payment landed, a suspension): they re-read them. */
  pg: z.array(z.number().int()).default([]),
});

const VAZIO: EventoSocket = { posicoes: [], rastreadores: [], notificacoes: [] };

/** A socket that does not authenticate in this time is closed. */
const PRAZO_AUTENTICACAO_MS = 10_000;
/**
 * Every socket's token is checked again whenever sessions change anywhere (a logout, a password
 * changed, a user inactivated: `rastro_sessoes`), the notices of this long merged into one check,
 * and at least this often besides (a token that expired).
 */
const REVALIDAR_MS = 60_000;
const REVALIDAR_JUNTOS_MS = 200;
/** A client this far behind is dropped rather than buffered without end. */
const MAX_BUFFER = 1_000_000;

/** At most this many trackers read back at once when notices are merged. */
const MAX_JUNTOS = 5000;

/**
 * The API side of the live channel (/api/socket). Every instance LISTENs to the events the
 * gateways NOTIFY after committing, reads the new state of the trackers and notifications its
 * own sockets care about, and pushes it — each socket only ever gets its user's own data.
 */
export class CentralAoVivo {
  private readonly porUsuario = new Map<number, Set<Assinante>>();
  private fila: Promise<void> = Promise.resolve();
  /** Notices that arrived while the hub was busy, merged: one read for all of them, not one each. */
  private pendente: { r: Set<number>; u: Set<number> } | undefined;
  private pararDeOuvir: (() => Promise<void>) | undefined;
  private revalidacao: NodeJS.Timeout | undefined;
  private pararDeOuvirSessoes: (() => Promise<void>) | undefined;
  /** A check asked for and not begun yet (merging a burst of notices), or one under way. */
  private revalidacaoPedida: NodeJS.Timeout | undefined;
  private revalidando: Promise<void> | undefined;
  private revalidarDeNovo = false;
  /** Read on every NOTIFY: its statements are named once here. */
  private readonly comoDonosVeem: ReturnType<typeof prepararComoDonosVeem>;

  constructor(
    private readonly database: Database,
    private readonly auth: Auth,
    private readonly log: FastifyBaseLogger,
    /** APP_TIMEZONE: a repeated alarm's newest time in its text. */
    private readonly timezone: string,
  ) {
    this.comoDonosVeem = prepararComoDonosVeem(database.db);
  }

  async iniciar() {
    this.pararDeOuvir = await this.database.listen(
      CANAL_EVENTOS,
      (payload) => this.aoAviso(payload),
      // Events sent while LISTEN was down reached nobody: push every socket's current state.
      () => {
        this.fila = this.fila
          .then(() => this.ressincronizar())
          .catch((err: unknown) => this.log.warn({ err }, 'falha ao ressincronizar o canal ao vivo'));
      },
    );
    // Sessions changed (or notices about them may have been missed): check every socket's token now.
    this.pararDeOuvirSessoes = await this.database.listen(
      CANAL_SESSOES,
      () => this.pedirRevalidacao(),
      () => this.pedirRevalidacao(),
    );
    this.revalidacao = setInterval(() => this.pedirRevalidacao(), REVALIDAR_MS);
    this.revalidacao.unref();
  }

  async parar() {
    clearInterval(this.revalidacao);
    clearTimeout(this.revalidacaoPedida);
    // The database may already be gone (closing after an outage): nothing left to unlisten.
    await this.pararDeOuvir?.().catch(() => undefined);
    await this.pararDeOuvirSessoes?.().catch(() => undefined);
    await this.revalidando;
    for (const subs of this.porUsuario.values()) for (const a of subs) a.socket.close(1001, 'Servidor encerrando');
    this.porUsuario.clear();
    await this.fila;
  }

  get conexoes() {
    let n = 0;
    for (const s of this.porUsuario.values()) n += s.size;
    return n;
  }

  /** A new socket: its first message must be `{token, usuarioEmulado?}`. */
  conectar(socket: WebSocket) {
    const prazo = setTimeout(() => socket.close(SOCKET_NAO_AUTENTICADO, 'Autenticação ausente'), PRAZO_AUTENTICACAO_MS);
    socket.once('message', (data) => {
      clearTimeout(prazo);
      void this.autenticar(socket, data.toString()).catch(() => {
        socket.send(JSON.stringify({ erro: 'Não autenticado.' }));
        socket.close(SOCKET_NAO_AUTENTICADO, 'Não autenticado');
      });
    });
    socket.on('error', () => socket.terminate());
  }

  private async autenticar(socket: WebSocket, texto: string) {
    let bruto: unknown;
    try {
      bruto = JSON.parse(texto);
    } catch {
      throw new Error('mensagem inválida');
    }
    const { token, usuarioEmulado } = socketAuthSchema.parse(bruto);
    const principal = await this.auth.principalDoToken(token, usuarioEmulado);
    const ultimaNotificacao = await ultimoId(this.database.db, principal.usuarioId);
    // Checked after the last await: a socket that closed meanwhile would never be removed.
    if (socket.readyState !== socket.OPEN) return;
    const a: Assinante = { socket, principal, token, ultimaNotificacao };
    const subs = this.porUsuario.get(principal.usuarioId) ?? new Set<Assinante>();
    subs.add(a);
    this.porUsuario.set(principal.usuarioId, subs);
    socket.on('close', () => this.remover(a));
    // Anything else the client sends is ignored.
  }

  private remover(a: Assinante) {
    const subs = this.porUsuario.get(a.principal.usuarioId);
    subs?.delete(a);
    if (subs?.size === 0) this.porUsuario.delete(a.principal.usuarioId);
  }

  private aoAviso(payload: string) {
    let aviso: z.infer<typeof avisoSchema>;
    try {
      aviso = avisoSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    if (this.porUsuario.size === 0) return;
    // At once and on its own: what the user must stop seeing is never merged away.
    for (const { u, r } of aviso.rm) for (const a of this.porUsuario.get(u) ?? []) this.enviar(a, { ...VAZIO, removidos: [r] });
    for (const u of aviso.pg) for (const a of this.porUsuario.get(u) ?? []) this.enviar(a, { ...VAZIO, pagamentos: true });
    if (aviso.r.length === 0 && aviso.u.length === 0) return;
    if (this.pendente && this.pendente.r.size + aviso.r.length <= MAX_JUNTOS) {
      for (const id of aviso.r) this.pendente.r.add(id);
      for (const id of aviso.u) this.pendente.u.add(id);
      return;
    }
    const pendente = { r: new Set(aviso.r), u: new Set(aviso.u) };
    this.pendente = pendente;
    this.fila = this.fila
      .then(() => {
        if (this.pendente === pendente) this.pendente = undefined;
        return this.difundir([...pendente.r], [...pendente.u]);
      })
      .catch((err: unknown) => this.log.warn({ err }, 'falha ao difundir eventos ao vivo'));
  }

  private async ressincronizar() {
    const usuarios = [...this.porUsuario.keys()];
    if (usuarios.length === 0) return;
    const links = await rastreadoresDosUsuarios(this.database.db, usuarios);
    await this.difundir(
      links.map((l) => l.rastreadorId),
      usuarios,
    );
  }

  private async difundir(rastreadorIds: number[], usuarioIds: number[]) {
    const db = this.database.db;
    const eventos = new Map<number, EventoSocket>();
    const doUsuario = (id: number) => {
      let e = eventos.get(id);
      if (!e) eventos.set(id, (e = { posicoes: [], rastreadores: [], notificacoes: [] }));
      return e;
    };
    if (rastreadorIds.length) {
      // Ownership is read now, not remembered: a tracker linked a second ago is already its owner's.
      // Owners and co-guardians alike, only those with a socket here: each row is one viewer's.
      const links = await this.comoDonosVeem(rastreadorIds, [...this.porUsuario.keys()]);
      if (links.length) {
        const quemVe = new Map<number, { usuarioId: number; compartilhadoPor: string | null }[]>();
        for (const l of links) {
          doUsuario(l.usuarioId).rastreadores.push(l.rastreador);
          const viu = { usuarioId: l.usuarioId, compartilhadoPor: l.rastreador.compartilhadoPor };
          quemVe.set(l.rastreadorId, [...(quemVe.get(l.rastreadorId) ?? []), viu]);
        }
        // The owner's marker; a co-guardian's says whose pet it is, as their tracker row does.
        for (const p of await marcadoresDosRastreadores(db, [...quemVe.keys()]))
          for (const r of quemVe.get(p.marcador.rastreadorId) ?? [])
            doUsuario(r.usuarioId).posicoes.push(
              r.compartilhadoPor === null ? p.marcador : { ...p.marcador, compartilhadoPor: r.compartilhadoPor },
            );
      }
    }
    // Every user told at once, in two statements: one alarm can reach thousands of owners.
    const pedidos: { usuarioId: number; depoisDe: number }[] = [];
    for (const usuarioId of new Set(usuarioIds)) {
      const subs = this.porUsuario.get(usuarioId);
      if (subs) pedidos.push({ usuarioId, depoisDe: Math.min(...[...subs].map((a) => a.ultimaNotificacao)) });
    }
    if (pedidos.length > 0)
      for (const [usuarioId, { notificacoes, naoLidas }] of await novasDeCada(db, pedidos, this.timezone)) {
        const e = doUsuario(usuarioId);
        // No new row: a repeated alarm was counted into one already sent (docs/adr/0017).
        if (notificacoes.length === 0) e.notificacoesAtualizadas = true;
        e.notificacoes = notificacoes;
        e.naoLidas = naoLidas;
      }
    for (const [usuarioId, e] of eventos) {
      for (const a of this.porUsuario.get(usuarioId) ?? []) {
        const notificacoes = e.notificacoes.filter((n) => n.id > a.ultimaNotificacao);
        a.ultimaNotificacao = Math.max(a.ultimaNotificacao, ...notificacoes.map((n) => n.id));
        const comContagem = notificacoes.length > 0 || e.notificacoesAtualizadas;
        this.enviar(a, { ...e, notificacoes, ...(comContagem ? {} : { naoLidas: undefined }) });
      }
    }
  }

  private enviar(a: Assinante, e: EventoSocket) {
    if (
      e.posicoes.length === 0 &&
      e.rastreadores.length === 0 &&
      e.notificacoes.length === 0 &&
      !e.removidos?.length &&
      !e.notificacoesAtualizadas &&
      !e.pagamentos
    )
      return;
    if (a.socket.bufferedAmount > MAX_BUFFER) {
      a.socket.terminate();
      return;
    }
    a.socket.send(JSON.stringify(e));
  }

  /** Asks for a check of every socket's token: one soon, or one more after the one under way. */
  private pedirRevalidacao() {
    if (this.revalidando) {
      this.revalidarDeNovo = true;
      return;
    }
    if (this.revalidacaoPedida || this.porUsuario.size === 0) return;
    this.revalidacaoPedida = setTimeout(() => {
      this.revalidacaoPedida = undefined;
      this.revalidando = this.revalidar()
        .catch((err: unknown) => this.log.warn({ err }, 'falha ao revalidar as sessões do canal ao vivo'))
        .finally(() => {
          this.revalidando = undefined;
          if (this.revalidarDeNovo) {
            this.revalidarDeNovo = false;
            this.pedirRevalidacao();
          }
        });
    }, REVALIDAR_JUNTOS_MS);
    this.revalidacaoPedida.unref();
  }

  /**
   * Ends the sockets whose token was revoked or expired or whose user was inactivated: every
   * socket's token in one lookup. An emulation also needs its target still open to it, checked
   * for those sockets alone.
   */
  private async revalidar() {
    const assinantes = [...this.porUsuario.values()].flatMap((subs) => [...subs]);
    const vivas = await this.auth.sessoesVivas([...new Set(assinantes.map((a) => a.principal.tokenHash))]);
    for (const a of assinantes) {
      const ok =
        vivas.has(a.principal.tokenHash) &&
        (a.principal.emuladorId === undefined ||
          (await this.auth.principalDoToken(a.token, a.principal.usuarioId).then(
            () => true,
            () => false,
          )));
      if (!ok) a.socket.close(SOCKET_NAO_AUTENTICADO, 'Sessão encerrada');
    }
  }
}
