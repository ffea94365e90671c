import { connect, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { decodeServerFrame, type ServerMessage } from '@rastro/topin/server-to-device/decode';
import { encodeAlarm, encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { TopinFramer } from '@rastro/topin/framer';
import { cpuProprioMs } from '../lib/cpu';
import { percentil } from '../lib/stats';
import { noQuintal, VOLTA_NO_QUINTAL, type Ponto } from './lugares';
import { BASE_FIX_MS, type Pedido, type Resposta } from './mensagens';

/**
 * The simulated devices, in their own process so they do not share the gateway's event loop.
 * Driven by the benchmark over IPC (mensagens.ts); each device is one TCP connection speaking
 * real TOPIN: login, then GPS fixes (0x10), each acknowledged by the gateway after its commit,
 * trotting round its garden (lugares.ts: VOLTA_NO_QUINTAL).
 */

const FIRMWARE = 0x12;

function responder(r: Resposta) {
  process.send?.(r);
}

/** A growable array of latency samples (ms). */
class Amostras {
  private dados = new Float64Array(1 << 16);
  n = 0;
  add(v: number) {
    if (this.n === this.dados.length) {
      const maior = new Float64Array(this.dados.length * 2);
      maior.set(this.dados);
      this.dados = maior;
    }
    this.dados[this.n++] = v;
  }
  valores() {
    return this.dados.subarray(0, this.n);
  }
}

/** Per phase, over every measured stretch of it so far. */
class Medidas {
  latencias = new Amostras();
  acksMedidos = 0;
  msMedidos = 0;
  cpuMs = 0;
}

/** A set of devices driven together (one sends at a time). */
interface Grupo {
  aparelhos: Aparelho[];
  enviando: boolean;
  /** Acks whose time did not match the fix they should acknowledge, measured or not. */
  acksErrados: number;
}

/** By phase: a group's devices may send in more than one, each measured apart. */
const medidasPorFase = new Map<string, Medidas>();

const estado = {
  medindo: false,
  /** The phase of the last `medir` (its measures answer `parar`). */
  medidas: new Medidas(),
  inicioMedida: 0,
  cpuInicio: 0,
  /** Called whenever an ack arrives (to notice the end of the drain). */
  aoConfirmar: (() => undefined) as () => void,
};

/** One device connection: logs in, then does what it is told by the message handlers. */
class Aparelho {
  readonly socket: Socket;
  private readonly framer = new TopinFramer({ source: 'server' });
  logado = false;
  enviados = 0;
  confirmados = 0;
  /** Send times of the fixes waiting for their ack, oldest first (acks come in order). */
  private readonly emVoo: number[] = [];
  /** One encoded fix per point of the lap; each fix sent differs from its point's only in its 6 time bytes (offset 4). */
  private readonly modelos: Buffer[];
  aoLogar: (ok: boolean) => void = () => undefined;
  aoHora: () => void = () => undefined;

  constructor(
    readonly imei: string,
    host: string,
    porta: number,
    private readonly janela: number,
    private readonly grupo: Grupo | undefined,
    onde: Ponto = { latitude: -23.5614, longitude: -46.6559 },
  ) {
    this.modelos = Array.from({ length: VOLTA_NO_QUINTAL.pontos }, (_, k) => {
      const p = noQuintal(onde, k);
      return Buffer.from(
        encodeGps({
          type: 0x10,
          time: new Date(BASE_FIX_MS),
          latitude: p.latitude,
          longitude: p.longitude,
          speedKmh: 17,
          course: 90,
          satellites: 8,
          valid: true,
          buffered: false,
        }),
      );
    });
    this.socket = connect({ host, port: porta });
    this.socket.setNoDelay(true);
    this.socket.on('connect', () => this.socket.write(encodeLogin(imei, FIRMWARE)));
    this.socket.on('data', (chunk: Buffer) => {
      for (const frame of this.framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)))
        this.tratar(decodeServerFrame(frame));
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      if (!this.logado) this.aoLogar(false);
      this.logado = false;
    });
  }

  get aguardando() {
    return this.emVoo.length;
  }

  private tratar(msg: ServerMessage) {
    switch (msg.kind) {
      case 'loginAccepted':
        if (!this.logado) {
          this.logado = true;
          this.aoLogar(true);
        }
        return;
      case 'loginRejected':
        this.aoLogar(false);
        return;
      case 'time':
        this.aoHora();
        return;
      case 'gpsAck': {
        const enviadoEm = this.emVoo.shift();
        const g = this.grupo;
        if (enviadoEm === undefined || !g) return;
        const agora = performance.now();
        if (msg.time.getTime() !== BASE_FIX_MS + this.confirmados * 1000) g.acksErrados++;
        this.confirmados++;
        if (estado.medindo && g.enviando) {
          estado.medidas.latencias.add(agora - enviadoEm);
          estado.medidas.acksMedidos++;
        }
        if (g.enviando) this.enviarFix();
        else estado.aoConfirmar();
        return;
      }
      default:
        return;
    }
  }

  enviarFix() {
    const modelo = this.modelos[this.enviados % this.modelos.length];
    if (this.socket.destroyed || !modelo) return;
    const t = new Date(BASE_FIX_MS + this.enviados * 1000);
    const b = Buffer.from(modelo);
    b[4] = t.getUTCFullYear() - 2000;
    b[5] = t.getUTCMonth() + 1;
    b[6] = t.getUTCDate();
    b[7] = t.getUTCHours();
    b[8] = t.getUTCMinutes();
    b[9] = t.getUTCSeconds();
    this.enviados++;
    this.emVoo.push(performance.now());
    this.socket.write(b);
  }

  comecar() {
    for (let i = 0; i < this.janela; i++) this.enviarFix();
  }
}

/** Opens the connections `concorrencia` at a time (a listen backlog is finite) and logs them in. */
async function conectar(
  host: string,
  porta: number,
  imeis: string[],
  janela: number,
  concorrencia: number,
  grupo?: Grupo,
  posicoes?: Ponto[],
) {
  const aparelhos: Aparelho[] = [];
  let falhas = 0;
  let proximo = 0;
  const trabalhador = async () => {
    while (proximo < imeis.length) {
      const i = proximo++;
      const imei = imeis[i];
      if (imei === undefined) break;
      const a = new Aparelho(imei, host, porta, janela, grupo, posicoes?.[i]);
      aparelhos.push(a);
      const ok = await new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), 30_000);
        a.aoLogar = (v) => {
          clearTimeout(t);
          resolve(v);
        };
      });
      if (!ok) falhas++;
    }
  };
  await Promise.all(Array.from({ length: concorrencia }, trabalhador));
  return { aparelhos, falhas };
}

const grupos = new Map<string, Grupo>();
let ativo: Grupo | undefined;
let ociosas: Aparelho[] = [];

async function tratarPedido(p: Pedido) {
  switch (p.tipo) {
    case 'carga': {
      const t = performance.now();
      const g: Grupo = { aparelhos: [], enviando: false, acksErrados: 0 };
      grupos.set(p.grupo, g);
      // Devices in their IMEIs' order, whatever order they logged in.
      g.aparelhos = (await conectar(p.host, p.porta, p.imeis, p.janela, p.concorrencia, g, p.posicoes)).aparelhos;
      responder({ tipo: 'prontos', logados: g.aparelhos.filter((a) => a.logado).length, ms: performance.now() - t });
      return;
    }
    case 'enviar': {
      const g = grupos.get(p.grupo);
      if (!g) throw new Error(`grupo ${p.grupo} não conectado`);
      ativo = g;
      g.enviando = true;
      for (const a of g.aparelhos) if (a.logado) a.comecar();
      return;
    }
    case 'medir': {
      let m = medidasPorFase.get(p.fase);
      if (!m) medidasPorFase.set(p.fase, (m = new Medidas()));
      estado.medidas = m;
      estado.medindo = true;
      estado.inicioMedida = performance.now();
      estado.cpuInicio = cpuProprioMs();
      return;
    }
    case 'parar': {
      const g = ativo;
      if (!g) throw new Error('nenhum grupo enviando');
      g.enviando = false;
      const m = estado.medidas;
      if (estado.medindo) {
        m.msMedidos += performance.now() - estado.inicioMedida;
        m.cpuMs += cpuProprioMs() - estado.cpuInicio;
      }
      estado.medindo = false;
      const pendentes = () => g.aparelhos.reduce((s, a) => s + (a.socket.destroyed ? 0 : a.aguardando), 0);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 30_000);
        estado.aoConfirmar = () => {
          if (pendentes() === 0) {
            clearTimeout(t);
            resolve();
          }
        };
        estado.aoConfirmar();
      });
      ativo = undefined;
      // percentil sorts in place: a copy, so later stretches keep adding to the samples.
      const lat = Float64Array.from(m.latencias.valores());
      responder({
        tipo: 'carga-fim',
        confirmados: g.aparelhos.map((a) => a.confirmados),
        semResposta: g.aparelhos.reduce((s, a) => s + a.aguardando, 0),
        acksErrados: g.acksErrados,
        acksMedidos: m.acksMedidos,
        msMedidos: m.msMedidos,
        p50Ms: percentil(lat, 50),
        p99Ms: percentil(lat, 99),
        maxMs: percentil(lat, 100),
        cpuMs: m.cpuMs,
      });
      return;
    }
    case 'soltar': {
      const g = grupos.get(p.grupo);
      if (!g) throw new Error(`grupo ${p.grupo} não conectado`);
      if (g.enviando) throw new Error(`grupo ${p.grupo} ainda enviando`);
      for (const a of g.aparelhos) a.socket.destroy();
      grupos.delete(p.grupo);
      responder({ tipo: 'soltos' });
      return;
    }
    case 'ociosas': {
      for (const g of grupos.values()) for (const a of g.aparelhos) a.socket.destroy();
      grupos.clear();
      const t = performance.now();
      const r = await conectar(p.host, p.porta, p.imeis, 0, p.concorrencia);
      ociosas = r.aparelhos;
      responder({ tipo: 'abertas', logadas: ociosas.filter((a) => a.logado).length, falhas: r.falhas, ms: performance.now() - t });
      return;
    }
    case 'verificar': {
      const vivas = await new Promise<number>((resolve) => {
        let n = 0;
        const abertas = ociosas.filter((a) => a.logado && !a.socket.destroyed);
        const t = setTimeout(() => resolve(n), p.prazoMs);
        const pedido = encodeAlarm('timeRequest');
        for (const a of abertas) {
          let respondeu = false;
          a.aoHora = () => {
            if (respondeu) return;
            respondeu = true;
            if (++n === abertas.length) {
              clearTimeout(t);
              resolve(n);
            }
          };
          a.socket.write(pedido);
        }
        if (abertas.length === 0) resolve(0);
      });
      responder({ tipo: 'verificadas', vivas });
      return;
    }
    case 'fechar':
      for (const a of ociosas) a.socket.destroy();
      responder({ tipo: 'fechadas' });
      process.disconnect?.();
      return;
  }
}

process.on('message', (p: Pedido) => {
  tratarPedido(p).catch((err: unknown) => responder({ tipo: 'erro', mensagem: err instanceof Error ? err.message : String(err) }));
});
// The benchmark went away: nothing left to do.
process.on('disconnect', () => process.exit(0));
