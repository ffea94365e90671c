import type { Socket } from 'node:net';
import { decodeFrame, type TopinMessage } from '@rastro/topin/device-to-server/decode';
import { ackFor, loginReply, statusReply, timePacket } from '@rastro/topin/server-to-device/encode';
import { TopinFramer, type Frame } from '@rastro/topin/framer';
import type { FastifyBaseLogger } from 'fastify';
import { ipSemMapeamento } from '../lib/faixas';
import type { PublicadorEventos } from '../ao-vivo/publicador';
import type { TipoAlarme } from '../modules/notificacoes/service';
import type { ServicosDoGateway } from './servicos';

export interface Rastreador {
  id: number;
  imei: string;
  donoId: number | null;
  descricao: string;
}

export interface ConexaoDeps {
  servicos: ServicosDoGateway;
  /** Live events for the owners' screens, after the data is committed. */
  eventos: PublicadorEventos;
  log: FastifyBaseLogger;
  maxBuffer: number;
  /** A connection that has not logged in by then is closed. */
  loginMs: number;
  /** After a successful login (to deliver pending commands). */
  aoEntrar(c: ConexaoTopin): void;
  /** After the first fresh GPS fix, when the connection had to show one before getting commands. */
  aoLocalizar(c: ConexaoTopin): void;
  /** Commands written to this socket that a later frame from the device proved it received. */
  aoEntregar(c: ConexaoTopin, ids: number[]): Promise<void>;
  /** `naoConfirmados`: commands written to the socket with no frame from the device after them. */
  aoSair(c: ConexaoTopin, naoConfirmados: ComandoEscrito[]): void;
}

export interface ComandoEscrito {
  id: number;
  tipo: string;
}

/** Frames waiting to be handled above which the socket stops being read (and below which it resumes). */
const FILA_PAUSA = 64;
const FILA_RETOMA = 16;
/** How close to the server's clock a fix must be to count as a fresh position. */
const FRESCOR_MS = 5 * 60_000;

interface Alarme {
  tipo: TipoAlarme;
  texto: (nome: string) => string;
}

const ALARMES: Partial<Record<TopinMessage['kind'], Alarme>> = {
  sos: { tipo: 'SOS', texto: (n) => `Alerta de SOS do rastreador ${n}.` },
  vibration: { tipo: 'VIBRACAO', texto: (n) => `Alerta de vibração do rastreador ${n}.` },
  lowBattery: { tipo: 'BATERIA_FRACA', texto: (n) => `Bateria fraca no rastreador ${n}.` },
};
/**
 * A fix to store: a 0x10/0x11 with its validity bit set, or any format-2 fix. Format 2 has no
 * validity bit; its 0x09 decodes as not valid only because it was recorded without network (as
 * Traccar marks it), yet it is as real a position as a 0x08 (docs/protocols/TOPIN.md).
 */
const posicaoReal = (m: Extract<TopinMessage, { kind: 'gps' }>) => m.valid || m.type === 0x09;

const COLEIRA_RETIRADA: Alarme = { tipo: 'COLEIRA_RETIRADA', texto: (n) => `A coleira do rastreador ${n} foi retirada.` };

/**
 * One device connection. Frames are handled strictly in order; a reply that acknowledges data
 * is written only after that data is committed.
 */
export class ConexaoTopin {
  rastreador: Rastreador | undefined;
  /** The client's address (IPv4 without the IPv6 mapping). */
  readonly ip: string;
  /** Commands wait for a fresh GPS fix from this connection (its IMEI is claimed from two places). */
  exigeLocalizacao = false;
  /** A fix close to the server's clock has arrived on this connection. */
  localizacaoFresca = false;
  private readonly framer: TopinFramer;
  private fila: Promise<void> = Promise.resolve();
  private log: FastifyBaseLogger;
  private ultimaComunicacao = 0;
  /** Refused: nothing more is read or answered. */
  private encerrada = false;
  private emEspera = 0;
  private recebidos = 0;
  /** Written commands not yet followed by a frame, by id, with how many frames had arrived then. */
  private readonly escritos = new Map<number, { tipo: string; apos: number }>();
  /** Every command written on this connection: none is written twice. */
  private readonly jaEscritos = new Set<number>();
  private readonly prazoLogin: NodeJS.Timeout;

  constructor(
    readonly socket: Socket,
    private readonly deps: ConexaoDeps,
  ) {
    this.ip = ipSemMapeamento(socket.remoteAddress ?? '?');
    this.framer = new TopinFramer({ maxBuffer: deps.maxBuffer });
    this.log = deps.log.child({ remoto: `${this.ip}:${socket.remotePort ?? '?'}` });
    this.prazoLogin = setTimeout(() => {
      if (this.rastreador) return;
      this.log.info('sem login no prazo; conexão encerrada');
      this.encerrar();
    }, deps.loginMs);
    this.prazoLogin.unref();
    socket.on('data', (chunk: Buffer) => this.receber(chunk));
    socket.on('close', () => {
      clearTimeout(this.prazoLogin);
      void this.fila.finally(() =>
        deps.aoSair(
          this,
          [...this.escritos].map(([id, c]) => ({ id, tipo: c.tipo })),
        ),
      );
    });
  }

  /** Frames received and not yet handled. */
  get pendentes() {
    return this.emEspera;
  }

  enviar(bytes: Uint8Array) {
    if (!this.socket.destroyed && !this.encerrada) this.socket.write(bytes);
  }

  /**
   * Writes commands not already written on this connection. They count as delivered only when a
   * frame the device sent after them arrives (a socket may be dead without knowing it yet).
   */
  enviarComandos(cmds: readonly (ComandoEscrito & { bytes: Uint8Array })[]) {
    if (this.socket.destroyed || this.encerrada) return [];
    const novos = cmds.filter((c) => !this.jaEscritos.has(c.id));
    for (const c of novos) {
      this.enviar(c.bytes);
      this.jaEscritos.add(c.id);
      this.escritos.set(c.id, { tipo: c.tipo, apos: this.recebidos });
    }
    return novos;
  }

  /** Closes the connection and drops what it has not handled yet (nothing of it was acked). */
  encerrar() {
    this.encerrada = true;
    this.socket.destroy();
  }

  private receber(chunk: Buffer) {
    if (this.encerrada) return;
    let frames: Frame[];
    try {
      frames = this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (err) {
      this.log.warn({ err }, 'framer falhou; conexão encerrada');
      this.encerrar();
      return;
    }
    for (const frame of frames) {
      const n = ++this.recebidos;
      this.emEspera++;
      this.fila = this.fila
        .then(() => this.tratar(frame, n))
        .then(this.tratado, (err: unknown) => {
          // Nothing was acknowledged for this frame: the device will send it again.
          this.log.error({ err }, 'falha ao processar mensagem');
          this.tratado();
        });
    }
    // One device cannot queue work without bound: its socket is not read until the queue drains.
    if (this.emEspera > FILA_PAUSA) this.socket.pause();
  }

  /** One frame fewer waiting: a socket paused for its queue is read again once it drains. */
  private readonly tratado = () => {
    this.emEspera--;
    if (this.emEspera <= FILA_RETOMA && this.socket.isPaused() && !this.socket.destroyed) this.socket.resume();
  };

  private async tratar(frame: Frame, n: number) {
    // Refused, timed out or shut down: its frames were never acknowledged, the device sends them
    // again. (A device that merely hung up still has what it sent stored.)
    if (this.encerrada) return;
    const msg = decodeFrame(frame);
    if (!this.rastreador) {
      if (msg.kind === 'login') await this.entrar(msg.imei);
      else this.log.debug({ tipo: frame.type }, 'mensagem antes do login ignorada');
      return;
    }
    const r = this.rastreador;
    // Nothing, not even a promise, on the per-frame path while no command awaits its proof.
    if (this.escritos.size > 0) await this.confirmarComandos(n);
    const tocando = this.tocar(r.id);
    if (tocando) await tocando;
    switch (msg.kind) {
      case 'login':
        this.enviar(loginReply(true));
        this.enviar(timePacket(new Date()));
        return;
      case 'timeRequest':
        this.enviar(timePacket(new Date()));
        return;
      case 'gps': {
        const real = posicaoReal(msg);
        if (real) {
          const localizacao = {
            dataHora: msg.time,
            latitude: msg.latitude,
            longitude: msg.longitude,
            velocidade: msg.speedKmh,
            curso: msg.course,
            satelites: msg.satellites,
          };
          if (await this.deps.servicos.localizacoes.gps(r.id, localizacao)) {
            this.deps.servicos.zonas.gps(r.id, localizacao);
            this.deps.servicos.atividade.gps(r.id, localizacao);
          }
          this.deps.eventos.rastreador(r.id);
        }
        this.confirmar(frame);
        if (real && !this.localizacaoFresca && Math.abs(msg.time.getTime() - Date.now()) <= FRESCOR_MS) {
          this.localizacaoFresca = true;
          if (this.exigeLocalizacao) this.deps.aoLocalizar(this);
        }
        return;
      }
      case 'wifiLbs': {
        const pos = await this.deps.servicos.localizacoes.varredura(r.id, msg.time, { accessPoints: msg.accessPoints, cells: msg.cells });
        if (pos) {
          this.deps.servicos.zonas.varredura(r.id, msg.time, pos);
          this.deps.servicos.atividade.varredura(r.id, msg.time, pos);
          this.deps.eventos.rastreador(r.id);
        }
        this.confirmar(frame);
        return;
      }
      case 'status':
        await this.deps.servicos.registrarBateria(r.id, msg.battery ?? null, msg.signal ?? null, msg.charging ?? null);
        this.deps.eventos.rastreador(r.id);
        this.enviar(statusReply());
        return;
      case 'collar':
        if (msg.removed) await this.alertar(r, COLEIRA_RETIRADA);
        return;
      default: {
        const alarme = ALARMES[msg.kind];
        if (alarme) await this.alertar(r, alarme);
        else if (msg.kind === 'malformed' || msg.kind === 'unknown') {
          this.log.info({ tipo: frame.type, kind: msg.kind }, 'mensagem não tratada');
          // A frame that expects an ack is acked even when unreadable: otherwise the device
          // would resend it forever and nothing after it would get through.
          this.confirmar(frame);
        }
      }
    }
  }

  private async entrar(imei: string) {
    const r = await this.deps.servicos.identificar(imei);
    if (!r || r.situacao === 'INATIVO') {
      this.log.info({ imei }, 'login recusado');
      // The refusal is the last thing this connection gets: frames pipelined behind the login
      // are neither read nor looked up.
      this.encerrada = true;
      this.socket.end(loginReply(false));
      // FIN goes out now; a peer that does not close its side is cut off shortly after.
      setTimeout(() => this.socket.destroy(), 2000).unref();
      return;
    }
    clearTimeout(this.prazoLogin);
    this.rastreador = { id: r.id, imei, donoId: r.donoId, descricao: r.descricao ?? imei };
    this.log = this.log.child({ imei, rastreadorId: r.id });
    await this.tocar(r.id, true);
    this.enviar(loginReply(true));
    this.enviar(timePacket(new Date()));
    this.log.info('rastreador conectado');
    this.deps.aoEntrar(this);
  }

  /**
   * ALERTA and a notification to whoever sees the tracker now (it may have been linked since login);
   * a repeat of the kind within the window counts into the first one's notification.
   */
  private async alertar(r: Rastreador, { tipo, texto }: Alarme) {
    const avisados = await this.deps.servicos.alarmes.registrar(r.id, tipo, (descricao) => texto(descricao ?? r.imei));
    // A repeat was only counted: the write that follows tells the screens.
    if (avisados.length === 0) return;
    this.deps.eventos.rastreador(r.id);
    for (const id of avisados) this.deps.eventos.usuario(id);
  }

  /**
   * ultima_comunicacao at most every 30 s per connection (it is on every frame's path): nothing,
   * not even a promise, when it is not due.
   */
  private tocar(id: number, agora = false): Promise<void> | undefined {
    const t = Date.now();
    if (!agora && t - this.ultimaComunicacao < 30_000) return undefined;
    this.ultimaComunicacao = t;
    return this.deps.servicos.registrarComunicacao(id);
  }

  /** Commands written before frame `n` arrived were received: the device spoke after them. */
  private async confirmarComandos(n: number) {
    const entregues: number[] = [];
    for (const [id, c] of this.escritos) if (c.apos < n) entregues.push(id);
    if (entregues.length === 0) return;
    await this.deps.aoEntregar(this, entregues);
    for (const id of entregues) this.escritos.delete(id);
  }

  /** The acknowledgement the device expects for this frame, if any (echoing its LEN and time). */
  private confirmar(frame: Frame) {
    const ack = ackFor(frame);
    if (ack) this.enviar(ack);
  }

  /** Waits for the frames received so far to be handled. */
  ocioso() {
    return this.fila;
  }
}
