import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { distancia } from '../../geolocation/centroide';
import type { LocalGeolocationProvider } from '../../geolocation/local-provider';
import type { GeolocationProvider, Varredura } from '../../geolocation/tipos';
import { GravadorEmLotes, type OpcoesGravadorEmLotes } from '../../lib/gravador-em-lotes';
import { ehErroDeDados } from '../../lib/erros-do-postgres';
import type { QuadroNoFuturo } from '../../plugins/metrics';
import { inserirLocalizacoes, type NovaLocalizacao } from './repository';

export interface LocalizacaoGps {
  dataHora: Date;
  latitude: number;
  longitude: number;
  velocidade: number;
  curso: number;
  satelites: number;
}

/** How close in time a scan and a GPS fix must be for the scan's emitters to be learned. */
const JANELA_APRENDIZADO_MS = 2 * 60_000;
/** How far ahead of the server's clock a device's may run before its data is flagged `futura`. */
const TOLERANCIA_RELOGIO_MS = 5 * 60_000;
/** Data dated further ahead than this is not stored at all (docs/adr/0001, item 2). */
export const LIMITE_FUTURO_MS = 24 * 60 * 60_000;
/** A tracker whose data is refused for its clock is logged at most this often. */
const AVISO_FUTURO_MS = 60 * 60_000;
/** A fix emitters are learned from: enough satellites, a walking pace, no teleport since the last. */
const MIN_SATELITES_APRENDIZADO = 4;
const MAX_VELOCIDADE_APRENDIZADO_KMH = 30;
const MAX_SALTO_KMH = 150;

const noFuturo = (t: Date) => t.getTime() > Date.now() + TOLERANCIA_RELOGIO_MS;
const alemDoLimite = (t: Date) => t.getTime() > Date.now() + LIMITE_FUTURO_MS;

type LocalizacaoConhecida = { latitude: number; longitude: number; quando: number };

/** Whether a fix is good enough to say where the emitters heard near it are. */
function plausivel(f: LocalizacaoGps, anterior: LocalizacaoConhecida | undefined) {
  if (f.satelites < MIN_SATELITES_APRENDIZADO || f.velocidade > MAX_VELOCIDADE_APRENDIZADO_KMH) return false;
  if (!anterior) return true;
  const horas = Math.abs(f.dataHora.getTime() - anterior.quando) / 3_600_000;
  const km = distancia(f, anterior) / 1000;
  return horas === 0 ? km < 0.1 : km / horas <= MAX_SALTO_KMH;
}

/**
 * Stores what devices report as positions. Rows go through one GravadorEmLotes shared by every
 * connection: the promise resolves once the row is committed, and only then does the gateway
 * acknowledge it to the device (docs/adr/0002-ack-depois-do-commit.md).
 */
export class GravacaoDeLocalizacoes {
  private readonly escritor: GravadorEmLotes<NovaLocalizacao>;
  /** Told the size of every committed batch (metrics). */
  aoGravar: ((linhas: number) => void) | undefined;
  /** Told every fix or scan refused for being dated more than a day ahead (metrics). */
  aoDescartarFutura: ((tipo: QuadroNoFuturo) => void) | undefined;
  /** When each tracker's refused data was last logged. */
  private readonly avisadosFuturo = new Map<number, number>();
  /** The last plausible GPS fix per tracker: where a jump is measured from. */
  private readonly ultimoPlausivel = new Map<number, LocalizacaoConhecida>();
  /** The fix scans are learned from: the last one, while it was plausible. */
  private readonly ancora = new Map<number, LocalizacaoConhecida>();

  constructor(
    private readonly db: Db,
    private readonly geo: GeolocationProvider,
    private readonly aprendiz: LocalGeolocationProvider | undefined,
    private readonly log: FastifyBaseLogger,
    // Group commit: big batches under load, two in flight (docs/adr/0002-ack-depois-do-commit.md).
    opts: OpcoesGravadorEmLotes = { maxItems: 5000, maxDelayMs: 10, concurrency: 2 },
  ) {
    this.escritor = new GravadorEmLotes(
      async (linhas) => {
        await inserirLocalizacoes(this.db, linhas);
        this.aoGravar?.(linhas.length);
      },
      { isolate: ehErroDeDados, ...opts },
    );
  }

  /**
   * A fix dated ahead is stored flagged (never the current position, never learned from): a
   * device clock is not trusted to move the map. More than a day ahead, it is not stored at all.
   * Resolves once committed (or refused), to whether the fix counts as a position (it is not
   * dated ahead); the gateway acknowledges it either way.
   */
  async gps(rastreadorId: number, f: LocalizacaoGps): Promise<boolean> {
    if (this.descartar(rastreadorId, f.dataHora, 'gps')) return false;
    const futura = noFuturo(f.dataHora);
    await this.escritor.add({
      rastreadorId,
      tipo: 'GPS',
      dataHora: f.dataHora,
      latitude: f.latitude,
      longitude: f.longitude,
      velocidade: f.velocidade,
      curso: f.curso,
      satelites: f.satelites,
      futura,
    });
    if (!futura && plausivel(f, this.ultimoPlausivel.get(rastreadorId))) {
      const conhecido = { latitude: f.latitude, longitude: f.longitude, quando: f.dataHora.getTime() };
      this.ultimoPlausivel.set(rastreadorId, conhecido);
      this.ancora.set(rastreadorId, conhecido);
    } else {
      this.ancora.delete(rastreadorId);
    }
    return !futura;
  }

  /**
   * A WI-FI/cell scan: one row per access point and per cell, with the resolved position if any.
   * Dated more than a day ahead, it is neither resolved nor stored (null, as one with no position).
   */
  async varredura(rastreadorId: number, dataHora: Date, v: Varredura) {
    if (this.descartar(rastreadorId, dataHora, 'varredura')) return null;
    const futura = noFuturo(dataHora);
    const pos = await this.geo.resolver(v).catch(() => null);
    const noTipo = (tipo: 'WIFI' | 'LBS') =>
      pos?.fonte === tipo ? { latitude: pos.latitude, longitude: pos.longitude, precisao: pos.precisao } : {};
    const linhas: NovaLocalizacao[] = [
      ...v.accessPoints.map((a) => ({
        rastreadorId,
        tipo: 'WIFI',
        dataHora,
        futura,
        macAddress: a.mac.toLowerCase(),
        nivelSinal: a.signalDbm,
        ...noTipo('WIFI'),
      })),
      ...v.cells.map((c) => ({
        rastreadorId,
        tipo: 'LBS',
        dataHora,
        futura,
        codigoPais: c.mcc,
        rede: c.mnc,
        codigoArea: c.lac,
        identificadorTorre: c.cellId,
        nivelSinal: c.signal,
        ...noTipo('LBS'),
      })),
    ];
    await Promise.all(linhas.map((l) => this.escritor.add(l)));
    // Learning where the emitters are is not what the device waits for: it runs after the ack.
    const fix = this.ancora.get(rastreadorId);
    if (this.aprendiz && fix && !futura && Math.abs(fix.quando - dataHora.getTime()) <= JANELA_APRENDIZADO_MS) {
      void this.aprendiz.aprender(v, fix, rastreadorId).catch((err: unknown) => this.log.warn({ err }, 'falha ao aprender emissores'));
    }
    return futura ? null : pos;
  }

  /**
   * Whether data dated `dataHora` is refused: more than a day ahead of the server's clock. Such a
   * date can only be a broken clock, and a row dated years ahead would sort first in every list
   * and outlive every retention. Counted, and logged at most hourly per tracker (the metric says
   * how many, the log which tracker).
   */
  private descartar(rastreadorId: number, dataHora: Date, tipo: QuadroNoFuturo) {
    if (!alemDoLimite(dataHora)) return false;
    this.aoDescartarFutura?.(tipo);
    const agora = Date.now();
    if (agora - (this.avisadosFuturo.get(rastreadorId) ?? -Infinity) >= AVISO_FUTURO_MS) {
      this.avisadosFuturo.set(rastreadorId, agora);
      this.log.warn({ rastreadorId, dataHora, tipo }, 'dado datado mais de 24 h à frente descartado (relógio do rastreador)');
    }
    return true;
  }

  close() {
    return this.escritor.close();
  }
}
