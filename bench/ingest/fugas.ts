import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { SOCKET_PATH } from '@rastro/shared/constants';
import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { decodeServerFrame } from '@rastro/topin/server-to-device/decode';
import { TopinFramer } from '@rastro/topin/framer';
import { dormir } from '../lib/stats';
import { CASA, deslocar, PASSEIO, type Ponto } from './lugares';
import type { Etapa, Fuga, PedidoFugas, RespostaFugas } from './mensagens';

/**
 * The escaping pets and their owners, in a process of their own (neither the gateway's event loop
 * nor the loaded devices' one delays what is timed here). Each pet is a TOPIN collar walking in
 * and out of its house (lugares.ts: PASSEIO), one fix after the other's ack; each owner is logged
 * in on /api/socket of the API process. A fix that decides a transition is timed from its write
 * to the notification on its owner's socket; the pet waits for it (or `PRAZO_MS`) before walking on.
 */

/** A crossing whose notification takes longer than this counts as missing. */
const PRAZO_MS = 5000;

const responder = (r: RespostaFugas) => process.send?.(r);

interface Espera {
  tipo: 'SAIDA' | 'ENTRADA';
  /** The benchmark's stretch when it was written. */
  fase: string;
  /** performance.now() when written. */
  enviadoEm: number;
  /** The fix's device time. */
  quando: number;
  chegou: (ms: number) => void;
}

class Pet {
  private readonly socket: Socket;
  private readonly framer = new TopinFramer({ source: 'server' });
  private ws: WebSocket | undefined;
  private aoLogar: ((ok: boolean) => void) | undefined;
  private aoAck: (() => void) | undefined;
  private aoEvento: (() => void) | undefined;
  /** Device time of the last fix: recent (never late), increasing, never far ahead of the clock. */
  private relogio = segundo(Date.now()) - 13 * 60_000;
  private espera: Espera | undefined;
  private readonly centro: Ponto;
  travessias = 0;
  faltando = 0;
  extras = 0;
  semAck = 0;

  constructor(
    private readonly f: Fuga,
    gateway: { host: string; porta: number },
  ) {
    this.centro = deslocar(f.casa, CASA.norte, CASA.leste);
    this.socket = connect({ host: gateway.host, port: gateway.porta });
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => this.socket.write(encodeLogin(f.imei, 0x12)));
    this.socket.on('error', () => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      for (const frame of this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
        const m = decodeServerFrame(frame);
        if (m.kind === 'loginAccepted') this.aoLogar?.(true);
        else if (m.kind === 'loginRejected') this.aoLogar?.(false);
        else if (m.kind === 'gpsAck') this.aoAck?.();
      }
    });
  }

  async preparar(api: { host: string; porta: number }) {
    const logado = await comPrazo<boolean>((r) => (this.aoLogar = r), 30_000, false);
    if (!logado) throw new Error(`${this.f.imei}: login recusado`);
    const ws = new WebSocket(`ws://${api.host}:${api.porta}${SOCKET_PATH}`);
    this.ws = ws;
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (d: Buffer) => this.recebido(JSON.parse(d.toString()) as Partial<EventoSocket>));
    ws.send(JSON.stringify({ token: this.f.token }));
    // Until the socket hears of its own pet: fixes from home (the first one decides every zone's state).
    for (let i = 0; ; i++) {
      if (i === 10) throw new Error(`${this.f.imei}: o socket do dono não recebeu nada`);
      await dormir(200);
      const evento = comPrazo<boolean>((r) => (this.aoEvento = () => r(true)), 2000, false);
      await this.enviar(this.f.casa);
      if (await evento) break;
    }
    this.aoEvento = undefined;
  }

  /** Writes one fix (a decisive one's write time goes to `w`) and waits for its ack. */
  private async enviar(p: Ponto, w?: Espera) {
    this.relogio = Math.max(this.relogio + 1000, Math.min(this.relogio + 5000, segundo(Date.now())));
    // A collar's clock never runs ahead of real time: at more than one fix a second it would, and
    // 5 minutes ahead the server keeps a fix out of the zones (`futura`) — a crossing never alerted.
    const adiante = this.relogio - Date.now();
    if (adiante > 0) await dormir(adiante);
    const frame = encodeGps({
      type: 0x10,
      time: new Date(this.relogio),
      ...p,
      speedKmh: 6,
      course: 90,
      satellites: 9,
      valid: true,
      buffered: false,
    });
    const ack = comPrazo<boolean>((r) => (this.aoAck = () => r(true)), 10_000, false);
    if (w) {
      w.fase = fase;
      w.enviadoEm = performance.now();
      w.quando = this.relogio;
    }
    this.socket.write(frame);
    if (!(await ack)) this.semAck++;
  }

  private recebido(e: Partial<EventoSocket>) {
    this.aoEvento?.();
    const agora = performance.now();
    for (const n of e.notificacoes ?? []) {
      const w = this.espera;
      const texto = `${this.f.pet} ${w?.tipo === 'SAIDA' ? 'saiu da' : 'entrou na'} zona ${CASA.nome} às `;
      if (w && n.descricao.startsWith(texto)) {
        this.espera = undefined;
        w.chegou(agora - w.enviadoEm);
      } else this.extras++;
    }
  }

  /** Walks until `continuar()` says stop, finishing the crossing under way. */
  async correr(continuar: () => boolean) {
    for (let passo = 0; continuar(); passo++) {
      const etapa = PASSEIO[passo % PASSEIO.length];
      if (!etapa) break;
      const onde = deslocar(this.centro, 0, etapa.leste);
      if (!etapa.decide) {
        await this.enviar(onde);
        continue;
      }
      let chegou: (ms: number) => void = () => undefined;
      const latencia = comPrazo<number | undefined>((r) => (chegou = r), PRAZO_MS, undefined);
      const w: Espera = { tipo: etapa.decide, fase: '', enviadoEm: Number.POSITIVE_INFINITY, quando: 0, chegou: (ms) => chegou(ms) };
      // Expected before it is written: the notification may well come before the ack is read.
      this.espera = w;
      await this.enviar(onde, w);
      this.travessias++;
      const doTrecho = medidaDo(w.fase);
      doTrecho.travessias++;
      const ms = await latencia;
      if (ms === undefined) {
        this.espera = undefined;
        this.faltando++;
      } else {
        // Wall-clock times (ms since the epoch), to be matched with the database's.
        const enviado = performance.timeOrigin + w.enviadoEm;
        doTrecho.etapas.push({ imei: this.f.imei, quando: w.quando, enviado, chegou: enviado + ms });
      }
    }
  }

  fechar() {
    this.ws?.close();
    this.socket.destroy();
  }
}

/** TOPIN carries whole seconds. */
const segundo = (ms: number) => Math.floor(ms / 1000) * 1000;

/** A promise resolved by the callback handed to `armar`, or with `senao` after `ms`. */
function comPrazo<T>(armar: (resolver: (v: T) => void) => void, ms: number, senao: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const t = setTimeout(() => resolve(senao), ms);
    armar((v) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}

/** The stretch the benchmark is counting now ('' between them); crossings are told apart by it. */
let fase = '';
const porFase = new Map<string, { travessias: number; etapas: Etapa[] }>();
function medidaDo(nome: string) {
  let m = porFase.get(nome);
  if (!m) porFase.set(nome, (m = { travessias: 0, etapas: [] }));
  return m;
}

let pets: Pet[] = [];
let correndo = false;
let caminhadas: Promise<void>[] = [];

async function tratar(p: PedidoFugas) {
  switch (p.tipo) {
    case 'preparar': {
      const t = performance.now();
      pets = p.fugas.map((f) => new Pet(f, p.gateway));
      await Promise.all(pets.map((pet) => pet.preparar(p.api)));
      responder({ tipo: 'preparadas', ms: performance.now() - t });
      return;
    }
    case 'correr':
      correndo = true;
      caminhadas = pets.map((pet) => pet.correr(() => correndo));
      return;
    case 'parar':
      correndo = false;
      await Promise.all(caminhadas);
      responder({ tipo: 'paradas' });
      return;
    case 'fase':
      fase = p.nome;
      return;
    case 'contar':
      responder({
        tipo: 'contadas',
        travessias: pets.reduce((s, x) => s + x.travessias, 0),
        faltando: pets.reduce((s, x) => s + x.faltando, 0),
        extras: pets.reduce((s, x) => s + x.extras, 0),
        semAck: pets.reduce((s, x) => s + x.semAck, 0),
        porFase: Object.fromEntries(porFase),
      });
      return;
    case 'fechar':
      for (const pet of pets) pet.fechar();
      responder({ tipo: 'fechadas' });
      process.disconnect?.();
      return;
  }
}

process.on('message', (p: PedidoFugas) => {
  tratar(p).catch((err: unknown) => responder({ tipo: 'erro', mensagem: err instanceof Error ? err.message : String(err) }));
});
process.on('disconnect', () => process.exit(0));
