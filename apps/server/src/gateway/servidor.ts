import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { gpsOffWindow, gpsOffWindowDisabled, locateNow, setUploadInterval, shutdown } from '@rastro/topin/encode';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { CANAL_COMANDOS } from '../lib/canais';
import { LocalGeolocationProvider } from '../geolocation/local-provider';
import type { GeolocationProvider } from '../geolocation/types';
import { PublicadorEventos } from '../live/publicador';
import type { MetricasGateway } from '../plugins/metrics';
import { ConexaoTopin } from './conexao';
import { Ingestao } from './ingestao';
import { comandosPendentes, concluirDesligamento, marcarComandos } from './repository';


export interface GatewayOptions {
  port: number;
  host?: string;
  idleMs: number;
  maxConexoesPorIp: number;
  maxBuffer: number;
}

/** Bytes of a queued command, or null when the protocol has no such command. */
function bytesDoComando(tipo: string, parametros: unknown): Uint8Array | null {
  switch (tipo) {
    case 'DESLIGAR':
      return shutdown();
    case 'LOCALIZAR':
      return locateNow();
    // TOPIN.md leaves 0x34's payload to the vendor document; the GPS-off window (0x46) over the
    // whole day does the same job and is documented.
    case 'GPS_DESLIGAR':
      return gpsOffWindow('00:00', '23:59');
    case 'GPS_LIGAR':
      return gpsOffWindowDisabled();
    case 'INTERVALO': {
      const s = (parametros as { segundos?: unknown } | null)?.segundos;
      return typeof s === 'number' ? setUploadInterval(Math.min(7200, Math.max(10, Math.round(s)))) : null;
    }
    default:
      return null;
  }
}

/**
 * The TOPIN TCP gateway: one ConexaoTopin per socket, positions batched across connections,
 * commands delivered at login and whenever one is queued (LISTEN/NOTIFY, so from any instance).
 */
export class GatewayTopin {
  private readonly server: Server;
  private readonly conexoes = new Map<number, ConexaoTopin>();
  private readonly porIp = new Map<string, number>();
  private readonly sockets = new Set<Socket>();
  readonly ingestao: Ingestao;
  private readonly eventos: PublicadorEventos;
  private pararDeOuvir: (() => Promise<void>) | undefined;
  private metricas: MetricasGateway | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: GatewayOptions,
    geo?: GeolocationProvider,
  ) {
    const local = new LocalGeolocationProvider(database.db);
    this.ingestao = new Ingestao(database.db, geo ?? local, local, log);
    this.eventos = new PublicadorEventos(database, log);
    this.server = createServer((s) => this.aceitar(s));
    this.server.on('error', (err) => log.error({ err }, 'erro no gateway TOPIN'));
  }

  async iniciar(): Promise<number> {
    this.pararDeOuvir = await this.database.listen(
      CANAL_COMANDOS,
      (payload) => {
        const id = Number(payload);
        if (Number.isInteger(id)) void this.entregarComandos(id);
      },
      // Commands queued while LISTEN was down were announced to nobody: look for them now.
      () => {
        for (const id of this.conexoes.keys()) void this.entregarComandos(id);
      },
    );
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.opts.port, this.opts.host ?? '0.0.0.0', () => resolve());
    });
    const porta = (this.server.address() as AddressInfo).port;
    this.log.info({ porta }, 'gateway TOPIN ouvindo');
    return porta;
  }

  async parar() {
    await this.pararDeOuvir?.();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
    await this.ingestao.close();
    await this.eventos.close();
  }

  /** Reports batches and commands to the process's metrics. */
  medir(m: MetricasGateway) {
    this.metricas = m;
    this.ingestao.aoGravar = (n) => m.loteGravado(n);
  }

  estatisticas() {
    return { conexoes: this.sockets.size, rastreadores: this.conexoes.size };
  }

  conectado(rastreadorId: number) {
    return this.conexoes.has(rastreadorId);
  }

  private aceitar(socket: Socket) {
    const ip = socket.remoteAddress ?? '?';
    const n = (this.porIp.get(ip) ?? 0) + 1;
    if (n > this.opts.maxConexoesPorIp) {
      this.log.warn({ ip }, 'limite de conexões por IP');
      socket.destroy();
      return;
    }
    this.porIp.set(ip, n);
    this.sockets.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(this.opts.idleMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      this.sockets.delete(socket);
      const restante = (this.porIp.get(ip) ?? 1) - 1;
      if (restante <= 0) this.porIp.delete(ip);
      else this.porIp.set(ip, restante);
    });
    new ConexaoTopin(socket, {
      db: this.database.db,
      ingestao: this.ingestao,
      eventos: this.eventos,
      log: this.log,
      maxBuffer: this.opts.maxBuffer,
      aoEntrar: (c) => {
        const id = c.rastreador?.id;
        if (id === undefined) return;
        this.conexoes.get(id)?.socket.destroy();
        this.conexoes.set(id, c);
        void this.entregarComandos(id);
      },
      aoSair: (c) => {
        const id = c.rastreador?.id;
        if (id === undefined || this.conexoes.get(id) !== c) return;
        this.conexoes.delete(id);
        void concluirDesligamento(this.database.db, id)
          .then((desligou) => {
            if (desligou) this.eventos.rastreador(id);
          })
          .catch((err: unknown) => this.log.error({ err }, 'falha ao concluir desligamento'));
      },
    });
  }

  /** Sends the tracker's pending commands if it is connected to this instance. */
  async entregarComandos(rastreadorId: number) {
    const c = this.conexoes.get(rastreadorId);
    if (!c) return;
    try {
      const pendentes = await comandosPendentes(this.database.db, rastreadorId);
      const enviados: number[] = [];
      const sem: number[] = [];
      for (const cmd of pendentes) {
        const bytes = bytesDoComando(cmd.tipo, cmd.parametros);
        if (!bytes) {
          sem.push(cmd.id);
          continue;
        }
        c.enviar(bytes);
        enviados.push(cmd.id);
        this.metricas?.comandoEnviado(cmd.tipo);
      }
      await marcarComandos(this.database.db, enviados, 'ENVIADO');
      await marcarComandos(this.database.db, sem, 'FALHOU', 'Comando não suportado pelo protocolo TOPIN.');
    } catch (err) {
      this.log.error({ err, rastreadorId }, 'falha ao entregar comandos');
    }
  }
}
