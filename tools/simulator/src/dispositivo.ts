import { type Socket, connect } from 'node:net';
import { decodeServerFrame, type ServerMessage } from '@rastro/topin/server-to-device/decode';
import { encodeAlarm, encodeGps, encodeLogin, encodeStatus, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import { TopinFramer } from '@rastro/topin/framer';
import { type FaseFuga, type Pet, type PetSnapshot, type Random, type radioEnvironment } from './pet';

/** One simulated tracker: one TCP connection to the gateway, reconnecting with backoff. */

export interface DispositivoOptions {
  imei: string;
  host: string;
  port: number;
  intervalS: number;
  pet: Pet;
  radio: ReturnType<typeof radioEnvironment>;
  random: Random;
  log: (line: string) => void;
}

const FIRMWARE = 0x12;
const MAX_BACKOFF_MS = 30_000;
const SOS_PER_TICK = 1 / 500;

const DESCRICAO_FUGA: Record<FaseFuga | 'fim', string> = {
  indo: 'FUGA: o pet fugiu de casa',
  fora: 'FUGA: o pet parou longe de casa',
  voltando: 'FUGA: o pet está voltando para casa',
  fim: 'FUGA: o pet voltou para casa',
};

type GpsOffWindow = { from: string; to: string } | null;

export class Dispositivo {
  private socket: Socket | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private backoffMs = 1000;
  private intervalS: number;
  private statusIntervalMin = 5;
  private lastStatusAt = 0;
  private ticks = 0;
  private loggedIn = false;
  /** Stopped for good: shutdown command, unknown IMEI or SIGINT. */
  private off = false;
  private gpsOff: GpsOffWindow = null;
  private lowBatterySent = false;
  /** When the pet last moved: a "locate now" reports where it has walked to since. */
  private lastStepAt = Date.now();
  private faseFuga: FaseFuga | null = null;

  constructor(private readonly opts: DispositivoOptions) {
    this.intervalS = opts.intervalS;
  }

  private log(msg: string): void {
    this.opts.log(`[${this.opts.imei}] ${msg}`);
  }

  start(): void {
    if (this.off) return;
    const framer = new TopinFramer({ source: 'server' });
    const socket = connect({ host: this.opts.host, port: this.opts.port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.log(`conectado a ${this.opts.host}:${this.opts.port}, enviando login`);
      this.send(encodeLogin(this.opts.imei, FIRMWARE));
    });
    socket.on('data', (chunk: Buffer) => {
      for (const frame of framer.push(new Uint8Array(chunk))) this.handle(decodeServerFrame(frame));
    });
    socket.on('error', (err) => this.log(`erro de conexão: ${err.message}`));
    socket.on('close', () => this.onClose(socket));
  }

  /** Closes the connection and stays off (SIGINT). */
  stop(): void {
    this.off = true;
    this.clearTimers();
    this.socket?.end();
  }

  private onClose(socket: Socket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.loggedIn = false;
    this.clearTimers();
    if (this.off) return;
    this.log(`conexão encerrada; reconectando em ${Math.round(this.backoffMs / 1000)} s`);
    this.reconnectTimer = setTimeout(() => this.start(), this.backoffMs);
    this.backoffMs = Math.min(MAX_BACKOFF_MS, this.backoffMs * 2);
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.timer = null;
    this.reconnectTimer = null;
  }

  private send(bytes: Uint8Array): void {
    if (this.socket && !this.socket.destroyed) this.socket.write(bytes);
  }

  private handle(msg: ServerMessage): void {
    switch (msg.kind) {
      case 'loginAccepted':
        if (this.loggedIn) return;
        this.loggedIn = true;
        this.backoffMs = 1000;
        this.log('login aceito');
        this.sendStatus();
        this.schedule();
        return;
      case 'loginRejected':
        this.log('IMEI não cadastrado; desligando este rastreador');
        this.stop();
        return;
      case 'setUploadInterval':
        this.intervalS = Math.max(1, msg.seconds);
        this.log(`comando: intervalo de envio ${this.intervalS} s`);
        if (this.loggedIn) this.schedule();
        return;
      case 'setStatusInterval':
        this.statusIntervalMin = Math.max(1, msg.minutes);
        this.log(`comando: intervalo de status ${this.statusIntervalMin} min`);
        return;
      case 'locateNow':
        this.log('comando: localizar agora');
        this.sendPosition(this.walk(), msg.wifiLbsOnly);
        return;
      case 'shutdown':
        this.log('comando: desligar; conexão encerrada e rastreador desligado');
        this.stop();
        return;
      case 'restart':
        this.log('comando: reiniciar');
        this.socket?.destroy();
        return;
      case 'gpsOffWindow':
        this.gpsOff = msg.enabled ? { from: msg.from, to: msg.to } : null;
        this.log(msg.enabled ? `comando: GPS desligado das ${msg.from} às ${msg.to}` : 'comando: GPS religado');
        return;
      case 'malformed':
        this.log(`quadro do servidor inválido (0x${msg.type.toString(16)}): ${msg.reason}`);
        return;
      case 'unknown':
        this.log(`comando desconhecido 0x${msg.type.toString(16).padStart(2, '0')}`);
        return;
      default:
        return; // acks, time, position replies: nothing to do
    }
  }

  /** Sends an alarm now (the CLI's random SOS, or a scripted one). */
  sendAlarm(kind: 'sos' | 'lowBattery' | 'vibration'): void {
    this.send(encodeAlarm(kind));
    this.log(`ALERTA ${kind}`);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), this.intervalS * 1000);
  }

  private tick(): void {
    this.timer = null;
    if (!this.loggedIn || this.off) return;
    this.ticks++;
    const pet = this.walk();
    this.sendPosition(pet, false);
    const dueByTime = Date.now() - this.lastStatusAt >= this.statusIntervalMin * 60_000;
    if (dueByTime || this.ticks % 10 === 0) this.sendStatus();
    if (pet.battery <= 15 && !this.lowBatterySent) {
      this.lowBatterySent = true;
      this.send(encodeAlarm('lowBattery'));
      this.log(`ALERTA bateria baixa (${pet.battery}%)`);
    } else if (pet.battery > 20) this.lowBatterySent = false;
    if (this.opts.random() < SOS_PER_TICK) {
      this.send(encodeAlarm('sos'));
      this.log('ALERTA SOS');
    }
    this.schedule();
  }

  /** Moves the pet for the real time gone by since it last moved. */
  private walk(): PetSnapshot {
    const now = Date.now();
    const seconds = Math.max(0, (now - this.lastStepAt) / 1000);
    this.lastStepAt = now;
    const pet = seconds >= 0.5 ? this.opts.pet.step(seconds) : this.opts.pet.snapshot();
    if (pet.fuga !== this.faseFuga) {
      this.faseFuga = pet.fuga;
      this.log(`${DESCRICAO_FUGA[pet.fuga ?? 'fim']} (${Math.round(pet.distanceM)} m de casa)`);
    }
    return pet;
  }

  private sendPosition(pet: PetSnapshot, wifiLbsOnly: boolean): void {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000);
    if (wifiLbsOnly || pet.indoors || this.gpsOffNow(time)) {
      const { accessPoints, cell } = this.opts.radio;
      this.send(encodeWifiLbs({ type: 0x18, time, accessPoints, mcc: cell.mcc, mnc: cell.mnc, cells: [cell], cellWidth: 2 }));
      this.log(
        `WI-FI/LBS ${accessPoints.length} redes, célula ${cell.mcc}/${cell.mnc} ${cell.lac}/${cell.cellId}${pet.indoors ? ' (dentro de casa)' : ''}`,
      );
      return;
    }
    const speedKmh = Math.round(pet.speedKmh);
    const satellites = 5 + Math.floor(this.opts.random() * 7);
    this.send(
      encodeGps({
        type: 0x10,
        time,
        latitude: pet.latitude,
        longitude: pet.longitude,
        speedKmh,
        course: pet.course,
        satellites,
        valid: true,
        buffered: false,
      }),
    );
    this.log(`GPS ${pet.latitude.toFixed(5)},${pet.longitude.toFixed(5)} ${speedKmh} km/h`);
  }

  private sendStatus(): void {
    const pet = this.opts.pet.snapshot();
    const signal = 60 + Math.floor(this.opts.random() * 40);
    this.send(
      encodeStatus({
        battery: pet.battery,
        firmware: FIRMWARE,
        timezone: 0,
        statusIntervalMin: this.statusIntervalMin,
        signal,
        charging: pet.charging,
      }),
    );
    this.lastStatusAt = Date.now();
    this.log(`status bateria ${pet.battery}%${pet.charging ? ' (carregando)' : ''}, sinal ${signal}`);
  }

  /** The GPS-off window is in São Paulo time (UTC−3). */
  private gpsOffNow(now: Date): boolean {
    if (!this.gpsOff) return false;
    const local = new Date(now.getTime() - 3 * 3_600_000);
    const hhmm = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
    const { from, to } = this.gpsOff;
    return from <= to ? hhmm >= from && hhmm < to : hhmm >= from || hhmm < to;
  }
}
