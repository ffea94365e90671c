import { performance } from 'node:perf_hooks';
import { encodeAlarm, encodeGps } from '@rastro/topin/device-to-server/encode';
import type { ServerMessage } from '@rastro/topin/server-to-device/decode';
import { conectarTodas, ConexaoDeAparelho } from '../lib/aparelho-topin';
import { percentil } from '../lib/stats';
import { noQuintal, type Ponto } from '../ingest/lugares';
import { BASE_FIX_MS } from '../ingest/mensagens';
import type { Pedido, Resposta } from './mensagens';

/**
 * The devices of bench/alarmes, in a process of their own (the benchmark forks one for the honest
 * trackers and one for the flooding collars, so that neither the gateway's event loop nor the
 * flood's writes delay what the honest ones time). Honest trackers send GPS fixes at a fixed rate,
 * each fix waiting for the previous one's ack, and time each ack; a collar, when told, writes a
 * burst of SOS alarms.
 */

const responder = (r: Resposta) => process.send?.(r);

/** Fixes written between two `rodada` requests, and what became of them. */
interface Rodada {
  inicio: number;
  latencias: number[];
  emVoo: number;
  atrasados: number;
}

const novaRodada = (): Rodada => ({ inicio: performance.now(), latencias: [], emVoo: 0, atrasados: 0 });
let rodada = novaRodada();
let acksErrados = 0;
/** Called on every ack (to notice the end of a drain). */
let aoConfirmar: () => void = () => undefined;

/** An honest tracker: fix `i` is stamped BASE + i s (so each stored row names its fix) and written at its slot, or on the previous one's ack if that is late. */
class Honesto extends ConexaoDeAparelho {
  enviados = 0;
  confirmados = 0;
  private emVoo: { t: number; rodada: Rodada } | undefined;
  private devendo = false;
  private proximo = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    imei: string,
    host: string,
    porta: number,
    private readonly onde: Ponto,
    private readonly periodoMs: number,
  ) {
    super(imei, host, porta);
  }

  protected override receber(m: ServerMessage) {
    if (m.kind === 'gpsAck') this.confirmado(m.time.getTime());
  }

  /** In flight, written in round `r`. */
  deve(r: Rodada) {
    return this.emVoo?.rodada === r;
  }

  comecar(primeiro: number) {
    this.proximo = primeiro;
    this.agendar();
  }

  parar() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.devendo = false;
  }

  private agendar() {
    this.timer = setTimeout(() => this.vez(), Math.max(0, this.proximo - performance.now()));
  }

  private vez() {
    this.proximo += this.periodoMs;
    this.agendar();
    if (!this.emVoo) return this.enviar();
    rodada.atrasados++;
    this.devendo = true;
  }

  private enviar() {
    if (!this.logado) return;
    const k = this.enviados++;
    const frame = encodeGps({
      type: 0x10,
      time: new Date(BASE_FIX_MS + k * 1000),
      ...noQuintal(this.onde, k),
      speedKmh: 17,
      course: 90,
      satellites: 8,
      valid: true,
      buffered: false,
    });
    this.emVoo = { t: performance.now(), rodada };
    rodada.emVoo++;
    this.socket.write(frame);
  }

  private confirmado(hora: number) {
    const v = this.emVoo;
    if (!v) return;
    if (hora !== BASE_FIX_MS + this.confirmados * 1000) acksErrados++;
    v.rodada.latencias.push(performance.now() - v.t);
    v.rodada.emVoo--;
    this.confirmados++;
    this.emVoo = undefined;
    if (this.devendo && this.timer) {
      this.devendo = false;
      this.enviar();
    }
    aoConfirmar();
  }
}

/** A flooding collar: logged in and silent until told to raise its alarms. */
class Coleira extends ConexaoDeAparelho {
  aoHora: () => void = () => undefined;

  protected override receber(m: ServerMessage) {
    if (m.kind === 'time') this.aoHora();
  }
}

let honestos: Honesto[] = [];
let coleiras: Coleira[] = [];

/** Resolves once nothing of `r` is in flight, or after 30 s. */
function drenar(r: Rodada) {
  return new Promise<void>((resolve) => {
    const prazo = setTimeout(resolve, 30_000);
    aoConfirmar = () => {
      if (r.emVoo > 0) return;
      clearTimeout(prazo);
      aoConfirmar = () => undefined;
      resolve();
    };
    aoConfirmar();
  });
}

/** Between two bursts of a flood: the SOS due by then go out together. */
const PASSO_DA_INUNDACAO_MS = 20;

async function inundar(c: Coleira, alarmes: number, duracaoMs: number) {
  const sos = Buffer.from(encodeAlarm('sos'));
  const respondida = new Promise<boolean>((resolve) => {
    const prazo = setTimeout(() => resolve(false), 5 * 60_000);
    c.aoHora = () => {
      clearTimeout(prazo);
      resolve(true);
    };
  });
  const t0 = performance.now();
  // Spread over the round, so the whole round is under the flood (250 SOS/s in --quick's 4 s rounds).
  for (let enviados = 0; enviados < alarmes; ) {
    const devidos = Math.min(alarmes, Math.ceil((alarmes * (performance.now() - t0 + PASSO_DA_INUNDACAO_MS)) / duracaoMs));
    for (; enviados < devidos; enviados++) c.socket.write(sos);
    if (enviados < alarmes) await new Promise((r) => setTimeout(r, PASSO_DA_INUNDACAO_MS));
  }
  const escritaMs = performance.now() - t0;
  c.socket.write(encodeAlarm('timeRequest'));
  if (!(await respondida)) throw new Error(`${c.imei}: o pedido de hora depois dos alarmes não teve resposta em 5 min`);
  c.aoHora = () => undefined;
  return { escritaMs, processadaMs: performance.now() - t0 };
}

async function tratar(p: Pedido) {
  switch (p.tipo) {
    case 'honestos': {
      const t = performance.now();
      const r = await conectarTodas(
        p.aparelhos.length,
        (i) => new Honesto(p.aparelhos[i]?.imei ?? '', p.host, p.porta, p.aparelhos[i]?.onde ?? { latitude: 0, longitude: 0 }, p.periodoMs),
        p.concorrencia,
      );
      honestos = r.todas;
      // Slots spread evenly over a period, so the load is steady rather than in waves.
      const inicio = performance.now();
      honestos.forEach((h, i) => h.comecar(inicio + (i / honestos.length) * p.periodoMs));
      rodada = novaRodada();
      responder({ tipo: 'prontos', logados: honestos.filter((h) => h.logado).length, ms: performance.now() - t });
      return;
    }
    case 'coleiras': {
      const t = performance.now();
      coleiras = (await conectarTodas(p.imeis.length, (i) => new Coleira(p.imeis[i] ?? '', p.host, p.porta), p.concorrencia)).todas;
      responder({ tipo: 'prontos', logados: coleiras.filter((c) => c.logado).length, ms: performance.now() - t });
      return;
    }
    case 'rodada': {
      const r = rodada;
      rodada = novaRodada();
      const ms = rodada.inicio - r.inicio;
      await drenar(r);
      const lat = Float64Array.from(r.latencias);
      responder({
        tipo: 'rodada',
        acks: lat.length,
        p50Ms: percentil(lat, 50),
        p99Ms: percentil(lat, 99),
        maxMs: percentil(lat, 100),
        semAck: honestos.filter((h) => h.deve(r)).length,
        atrasados: r.atrasados,
        ms,
      });
      return;
    }
    case 'inundar': {
      const c = coleiras[p.coleira];
      if (!c?.logado) throw new Error(`coleira ${p.coleira} não está logada`);
      responder({ tipo: 'inundada', ...(await inundar(c, p.alarmes, p.duracaoMs)) });
      return;
    }
    case 'parar': {
      for (const h of honestos) h.parar();
      const r = rodada;
      await drenar(r);
      responder({
        tipo: 'parados',
        confirmados: honestos.map((h) => h.confirmados),
        semAck: honestos.filter((h) => h.deve(r)).length,
        acksErrados,
      });
      return;
    }
  }
}

process.on('message', (p: Pedido) => {
  tratar(p).catch((err: unknown) => responder({ tipo: 'erro', mensagem: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
});
process.on('disconnect', () => process.exit(0));
