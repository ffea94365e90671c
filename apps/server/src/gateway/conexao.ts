import type { Socket } from 'node:net';
import { decodeFrame, type TopinMessage } from '@rastro/topin/decode';
import { ackFor, loginReply, statusReply, timePacket } from '@rastro/topin/encode';
import { TopinFramer, type Frame } from '@rastro/topin/framer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { PublicadorEventos } from '../live/publicador';
import type { Ingestao } from './ingestao';
import { registrarAlerta, registrarComunicacao, registrarStatus, rastreadorPorImei } from './repository';

export interface Rastreador {
  id: number;
  imei: string;
  donoId: number | null;
  descricao: string;
}

export interface ConexaoDeps {
  db: Db;
  ingestao: Ingestao;
  /** Live events for the owners' screens, after the data is committed. */
  eventos: PublicadorEventos;
  log: FastifyBaseLogger;
  maxBuffer: number;
  /** After a successful login (to deliver pending commands). */
  aoEntrar(c: ConexaoTopin): void;
  aoSair(c: ConexaoTopin): void;
}

const ALARMES: Partial<Record<TopinMessage['kind'], (nome: string) => string>> = {
  sos: (n) => `Alerta de SOS do rastreador ${n}.`,
  vibration: (n) => `Alerta de vibração do rastreador ${n}.`,
  lowBattery: (n) => `Bateria fraca no rastreador ${n}.`,
};

/**
 * One device connection. Frames are handled strictly in order; a reply that acknowledges data
 * is written only after that data is committed.
 */
export class ConexaoTopin {
  rastreador: Rastreador | undefined;
  private readonly framer: TopinFramer;
  private fila: Promise<void> = Promise.resolve();
  private log: FastifyBaseLogger;
  private ultimaComunicacao = 0;

  constructor(
    readonly socket: Socket,
    private readonly deps: ConexaoDeps,
  ) {
    this.framer = new TopinFramer({ maxBuffer: deps.maxBuffer });
    this.log = deps.log.child({ remoto: `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}` });
    socket.on('data', (chunk: Buffer) => this.receber(chunk));
    socket.on('close', () => {
      void this.fila.finally(() => deps.aoSair(this));
    });
  }

  enviar(bytes: Uint8Array) {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  private receber(chunk: Buffer) {
    let frames: Frame[];
    try {
      frames = this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (err) {
      this.log.warn({ err }, 'framer falhou; conexão encerrada');
      this.socket.destroy();
      return;
    }
    for (const frame of frames) {
      this.fila = this.fila.then(() => this.tratar(frame)).catch((err: unknown) => {
        // Nothing was acknowledged for this frame: the device will send it again.
        this.log.error({ err }, 'falha ao processar mensagem');
      });
    }
  }

  private async tratar(frame: Frame) {
    const msg = decodeFrame(frame);
    if (!this.rastreador) {
      if (msg.kind === 'login') await this.entrar(msg.imei);
      else this.log.debug({ tipo: frame.type }, 'mensagem antes do login ignorada');
      return;
    }
    const r = this.rastreador;
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
      case 'gps':
        if (msg.valid) {
          await this.deps.ingestao.gps(r.id, { dataHora: msg.time, latitude: msg.latitude, longitude: msg.longitude, velocidade: msg.speedKmh, curso: msg.course, satelites: msg.satellites });
          this.deps.eventos.rastreador(r.id);
        }
        this.confirmar(frame);
        return;
      case 'wifiLbs': {
        const pos = await this.deps.ingestao.varredura(r.id, msg.time, { accessPoints: msg.accessPoints, cells: msg.cells });
        if (pos) this.deps.eventos.rastreador(r.id);
        this.confirmar(frame);
        return;
      }
      case 'status':
        await registrarStatus(this.deps.db, r.id, msg.battery, msg.signal ?? null, msg.charging ?? null);
        this.deps.eventos.rastreador(r.id);
        this.enviar(statusReply());
        return;
      case 'collar':
        if (msg.removed) await this.alertar(r, (n) => `A coleira do rastreador ${n} foi retirada.`);
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
    const r = await rastreadorPorImei(this.deps.db, imei);
    if (!r || r.situacao === 'INATIVO') {
      this.log.info({ imei }, 'login recusado');
      this.enviar(loginReply(false));
      this.socket.end();
      return;
    }
    this.rastreador = { id: r.id, imei, donoId: r.donoId, descricao: r.descricao ?? imei };
    this.log = this.log.child({ imei, rastreadorId: r.id });
    await this.tocar(r.id, true);
    this.enviar(loginReply(true));
    this.enviar(timePacket(new Date()));
    this.log.info('rastreador conectado');
    this.deps.aoEntrar(this);
  }

  /** ALERTA and a notification to whoever owns the tracker now (it may have been linked since login). */
  private async alertar(r: Rastreador, texto: (nome: string) => string) {
    const donoId = await registrarAlerta(this.deps.db, r.id, (descricao) => texto(descricao ?? r.imei));
    this.deps.eventos.rastreador(r.id);
    if (donoId !== null) this.deps.eventos.usuario(donoId);
  }

  /**
   * ultima_comunicacao at most every 30 s per connection (it is on every frame's path): nothing,
   * not even a promise, when it is not due.
   */
  private tocar(id: number, agora = false): Promise<void> | undefined {
    const t = Date.now();
    if (!agora && t - this.ultimaComunicacao < 30_000) return undefined;
    this.ultimaComunicacao = t;
    return registrarComunicacao(this.deps.db, id);
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
