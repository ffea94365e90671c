import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { LocalGeolocationProvider } from '../geolocation/local-provider';
import type { GeolocationProvider, Varredura } from '../geolocation/types';
import { BatchWriter, type BatchWriterOptions } from './batch-writer';
import { isDataError } from '../lib/pg-errors';
import { inserirLocalizacoes, type NovaLocalizacao } from './repository';

export interface Fix {
  dataHora: Date;
  latitude: number;
  longitude: number;
  velocidade: number;
  curso: number;
  satelites: number;
}

/** How close in time a scan and a GPS fix must be for the scan's emitters to be learned. */
const JANELA_APRENDIZADO_MS = 2 * 60_000;

/**
 * Turns decoded device data into rows. Positions go through one BatchWriter shared by every
 * connection: the promise resolves once the row is committed, and only then does the
 * connection acknowledge it to the device.
 */
export class Ingestao {
  private readonly escritor: BatchWriter<NovaLocalizacao>;
  /** Told the size of every committed batch (metrics). */
  aoGravar: ((linhas: number) => void) | undefined;
  /** The last GPS fix per tracker, to learn emitters from scans heard near it in time. */
  private readonly ultimoFix = new Map<number, { latitude: number; longitude: number; quando: number }>();

  constructor(
    private readonly db: Db,
    private readonly geo: GeolocationProvider,
    private readonly aprendiz: LocalGeolocationProvider | undefined,
    private readonly log: FastifyBaseLogger,
    // Group commit: big batches under load, two in flight (measured with `npm run bench`).
    opts: BatchWriterOptions = { maxItems: 5000, maxDelayMs: 10, concurrency: 2 },
  ) {
    this.escritor = new BatchWriter(async (linhas) => {
      await inserirLocalizacoes(this.db, linhas);
      this.aoGravar?.(linhas.length);
    }, { isolar: isDataError, ...opts });
  }

  async gps(rastreadorId: number, f: Fix) {
    await this.escritor.add({
      rastreadorId,
      tipo: 'GPS',
      dataHora: f.dataHora,
      latitude: f.latitude,
      longitude: f.longitude,
      velocidade: f.velocidade,
      curso: f.curso,
      satelites: f.satelites,
    });
    this.ultimoFix.set(rastreadorId, { latitude: f.latitude, longitude: f.longitude, quando: f.dataHora.getTime() });
  }

  /** A WI-FI/cell scan: one row per access point and per cell, with the resolved position if any. */
  async varredura(rastreadorId: number, dataHora: Date, v: Varredura) {
    const pos = await this.geo.resolver(v).catch(() => null);
    const noTipo = (tipo: 'WIFI' | 'LBS') => (pos?.fonte === tipo ? { latitude: pos.latitude, longitude: pos.longitude, precisao: pos.precisao } : {});
    const linhas: NovaLocalizacao[] = [
      ...v.accessPoints.map((a) => ({ rastreadorId, tipo: 'WIFI', dataHora, macAddress: a.mac.toLowerCase(), nivelSinal: a.signalDbm, ...noTipo('WIFI') })),
      ...v.cells.map((c) => ({ rastreadorId, tipo: 'LBS', dataHora, codigoPais: c.mcc, rede: c.mnc, codigoArea: c.lac, identificadorTorre: c.cellId, nivelSinal: c.signal, ...noTipo('LBS') })),
    ];
    await Promise.all(linhas.map((l) => this.escritor.add(l)));
    // Learning where the emitters are is not what the device waits for: it runs after the ack.
    const fix = this.ultimoFix.get(rastreadorId);
    if (this.aprendiz && fix && Math.abs(fix.quando - dataHora.getTime()) <= JANELA_APRENDIZADO_MS) {
      void this.aprendiz.aprender(v, fix).catch((err: unknown) => this.log.warn({ err }, 'falha ao aprender emissores'));
    }
    return pos;
  }

  close() {
    return this.escritor.close();
  }
}
