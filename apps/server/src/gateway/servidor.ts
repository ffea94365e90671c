import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { CANAL_COMANDOS } from '../lib/canais';
import type { GeolocationProvider } from '../geolocation/tipos';
import { PublicadorEventos } from '../ao-vivo/publicador';
import type { MetricasGateway, MotivoRecusa } from '../plugins/metrics';
import { ConexaoTopin, type ComandoEscrito } from './conexao';
import { faixasDeIp } from '../lib/faixas';
import { servicosDoGateway, type ServicosDoGateway } from './servicos';
import type { OpcoesZonas } from '../modules/zonas/avaliador';
import type { OpcoesAtividade } from '../modules/atividade/agregador';
import type { RegrasAlarmes } from '../modules/notificacoes/service';

export interface GatewayOptions {
  port: number;
  host?: string;
  idleMs: number;
  maxConexoesPorIp: number;
  maxBuffer: number;
  /** A connection must log in within this time (TOPIN_LOGIN_SECONDS). */
  loginMs?: number;
  /** Open connections in this instance (TOPIN_MAX_CONNECTIONS). */
  maxConexoes?: number;
  /** Only these sources may connect (TOPIN_CIDRS_PERMITIDOS: the carriers' APN ranges). */
  cidrsPermitidos?: readonly string[] | undefined;
  /** Safe zone evaluation (ZONAS_*, APP_TIMEZONE); the defaults otherwise. */
  zonas?: Partial<OpcoesZonas>;
  /** Daily activity's jitter filter; the zones' GPS accuracy and time zone by default. */
  atividade?: Partial<OpcoesAtividade>;
  /** Device alarms' coalescing window (ALERTAS_JANELA_SEGUNDOS, APP_TIMEZONE); the defaults otherwise. */
  alarmes?: Partial<RegrasAlarmes>;
}

/** Two sources taking turns on an IMEI within this time are reported. */
const JANELA_ALTERNANCIA_MS = 10 * 60_000;
/** After that, its connections get commands only once they show a fresh position, for this long. */
const SUSPEITA_MS = 60 * 60_000;

/**
 * The TOPIN TCP gateway: one ConexaoTopin per socket, positions batched across connections,
 * commands delivered at login and whenever one is queued (LISTEN/NOTIFY, so from any instance).
 */
export class GatewayTopin {
  private readonly server: Server;
  private readonly conexoes = new Map<number, ConexaoTopin>();
  private readonly porIp = new Map<string, number>();
  /** Every open connection, logged in or not. */
  private readonly todas = new Set<ConexaoTopin>();
  private readonly servicos: ServicosDoGateway;
  private readonly eventos: PublicadorEventos;
  private pararDeOuvir: (() => Promise<void>) | undefined;
  private pararZonas: (() => Promise<void>) | undefined;
  private metricas: MetricasGateway | undefined;
  private readonly permitido: ((ip: string) => boolean) | undefined;
  /** The last time a login replaced a live connection from another source, per tracker. */
  private readonly trocas = new Map<number, { de: string; para: string; quando: number }>();
  /** Trackers whose IMEI two sources took turns on, until when their commands need a fresh fix. */
  private readonly suspeitos = new Map<number, number>();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly opts: GatewayOptions,
    geo?: GeolocationProvider,
  ) {
    this.eventos = new PublicadorEventos(database, log);
    this.servicos = servicosDoGateway(database, log, this.eventos, geo, opts.zonas, opts.atividade, opts.alarmes);
    this.permitido = opts.cidrsPermitidos?.length ? faixasDeIp(opts.cidrsPermitidos) : undefined;
    this.server = createServer((s) => this.aceitar(s));
    this.server.on('error', (err) => log.error({ err }, 'erro no gateway TOPIN'));
  }

  async iniciar(): Promise<number> {
    this.pararZonas = await this.servicos.zonas.ouvir(this.database);
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
      // What the connections have not handled yet is dropped: none of it was acknowledged.
      for (const c of this.todas) c.encerrar();
    });
    await this.servicos.localizacoes.close();
    await this.pararZonas?.();
    await this.servicos.zonas.ocioso();
    await this.servicos.atividade.ocioso();
    await this.servicos.alarmes.ocioso();
    await this.eventos.close();
  }

  /** Reports batches, commands and data refused for its date to the process's metrics. */
  medir(m: MetricasGateway) {
    this.metricas = m;
    this.servicos.localizacoes.aoGravar = (n) => m.loteGravado(n);
    this.servicos.localizacoes.aoDescartarFutura = (tipo) => m.futuraDescartada(tipo);
  }

  estatisticas() {
    let emEspera = 0;
    for (const c of this.todas) emEspera += c.pendentes;
    return { conexoes: this.todas.size, rastreadores: this.conexoes.size, emEspera };
  }

  /** Resolves once the positions received so far have been evaluated against their zones. */
  zonasOciosas() {
    return this.servicos.zonas.ocioso();
  }

  /** Resolves once the repeated alarms counted so far are written. */
  alarmesOciosos() {
    return this.servicos.alarmes.ocioso();
  }

  /** Resolves once the positions received so far have been added to their days' activity. */
  atividadeOciosa() {
    return this.servicos.atividade.ocioso();
  }

  /** Turns daily activity off and on (bench/ingest measures ingestion without it, in turns with it). */
  ligarAtividade(ligada: boolean) {
    this.servicos.atividade.ligado = ligada;
  }

  conectado(rastreadorId: number) {
    return this.conexoes.has(rastreadorId);
  }

  private aceitar(socket: Socket) {
    const ip = socket.remoteAddress ?? '?';
    const recusar = (motivo: MotivoRecusa, msg: string) => {
      this.log.warn({ ip }, msg);
      this.metricas?.conexaoRecusada(motivo);
      socket.destroy();
    };
    if (this.permitido && !this.permitido(ip)) return recusar('faixa', 'origem fora de TOPIN_CIDRS_PERMITIDOS');
    if (this.todas.size >= (this.opts.maxConexoes ?? Infinity)) return recusar('limite_total', 'limite de conexões TOPIN');
    const n = (this.porIp.get(ip) ?? 0) + 1;
    if (n > this.opts.maxConexoesPorIp) return recusar('limite_ip', 'limite de conexões por IP');
    this.porIp.set(ip, n);
    socket.setNoDelay(true);
    socket.setTimeout(this.opts.idleMs, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    const conexao = new ConexaoTopin(socket, {
      servicos: this.servicos,
      eventos: this.eventos,
      log: this.log,
      maxBuffer: this.opts.maxBuffer,
      loginMs: this.opts.loginMs ?? 60_000,
      aoEntrar: (c) => this.entrou(c),
      aoLocalizar: (c) => {
        if (c.rastreador && this.conexoes.get(c.rastreador.id) === c) void this.entregarComandos(c.rastreador.id);
      },
      aoEntregar: (_c, ids) => this.servicos.marcarEnviados(ids),
      aoSair: (c, naoConfirmados) => this.saiu(c, naoConfirmados),
    });
    this.todas.add(conexao);
    socket.on('close', () => {
      this.todas.delete(conexao);
      const restante = (this.porIp.get(ip) ?? 1) - 1;
      if (restante <= 0) this.porIp.delete(ip);
      else this.porIp.set(ip, restante);
    });
  }

  /**
   * The newest login of an IMEI wins (real devices reconnect over half-open sockets), but a
   * replacement is counted, and two sources taking turns are reported and must show a fresh
   * position before they get commands.
   */
  private entrou(c: ConexaoTopin) {
    const id = c.rastreador?.id;
    if (id === undefined) return;
    const anterior = this.conexoes.get(id);
    if (anterior) {
      this.metricas?.substituicao();
      anterior.socket.destroy();
      if (anterior.ip !== c.ip) this.trocou(id, anterior.ip, c.ip);
    }
    const ate = this.suspeitos.get(id);
    if (ate !== undefined && ate < Date.now()) this.suspeitos.delete(id);
    else if (ate !== undefined) c.exigeLocalizacao = true;
    // Its zone states may have been moved on by the instance it was connected to before.
    this.servicos.zonas.esquecer([id]);
    this.servicos.atividade.esquecer([id]);
    this.conexoes.set(id, c);
    void this.entregarComandos(id);
  }

  private trocou(id: number, de: string, para: string) {
    const agora = Date.now();
    const ultima = this.trocas.get(id);
    this.trocas.set(id, { de, para, quando: agora });
    if (!ultima || agora - ultima.quando > JANELA_ALTERNANCIA_MS || ultima.de !== para || ultima.para !== de) return;
    this.log.warn({ rastreadorId: id, origens: [de, para] }, 'IMEI alternando entre duas origens');
    this.metricas?.origensAlternadas();
    this.suspeitos.set(id, agora + SUSPEITA_MS);
    void this.servicos
      .marcarOrigensAlternadas(id)
      .catch((err: unknown) => this.log.error({ err }, 'falha ao registrar origens alternadas'));
  }

  /**
   * Commands written but never followed by a frame stay PENDENTE and go again on the next
   * connection, except a power-off: a device that drops right after it did turn off.
   */
  private saiu(c: ConexaoTopin, naoConfirmados: ComandoEscrito[]) {
    const id = c.rastreador?.id;
    if (id === undefined || this.conexoes.get(id) !== c) return;
    this.conexoes.delete(id);
    const desligar = naoConfirmados.filter((cmd) => cmd.tipo === 'DESLIGAR').map((cmd) => cmd.id);
    void this.servicos
      .marcarEnviados(desligar)
      .then(() => this.servicos.concluirDesligamento(id))
      .then((desligou) => {
        if (desligou) this.eventos.rastreador(id);
      })
      .catch((err: unknown) => this.log.error({ err }, 'falha ao concluir desligamento'));
  }

  /**
   * Writes the tracker's pending commands if it is connected to this instance (and, when its IMEI
   * is disputed, has shown a fresh position). They become ENVIADO on the device's next frame.
   */
  async entregarComandos(rastreadorId: number) {
    const c = this.conexoes.get(rastreadorId);
    if (!c || (c.exigeLocalizacao && !c.localizacaoFresca)) return;
    try {
      const prontos = await this.servicos.comandosParaEnviar(rastreadorId);
      if (this.conexoes.get(rastreadorId) !== c) return;
      for (const cmd of c.enviarComandos(prontos)) this.metricas?.comandoEnviado(cmd.tipo);
    } catch (err) {
      this.log.error({ err, rastreadorId }, 'falha ao entregar comandos');
    }
  }
}
