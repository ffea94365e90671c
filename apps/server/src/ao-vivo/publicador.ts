import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { CANAL_EVENTOS } from '../lib/canais';

/** NOTIFY payloads must stay under 8,000 bytes; ids are at most ~11 characters each. */
const IDS_POR_AVISO = 500;

/** A new notification (an alarm, a zone crossed) waits at most this long to be announced. */
const URGENTE_MS = 20;

/**
 * Tells every instance which trackers and users have new data, after it is committed. Bursts
 * are gathered for `intervaloMs` so thousands of positions a second make a few NOTIFYs; a user
 * with a new notification is announced within URGENTE_MS.
 */
export class PublicadorEventos {
  private rastreadores = new Set<number>();
  private usuarios = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private urgente = false;
  private emCurso: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly intervaloMs = 200,
  ) {}

  rastreador(id: number) {
    this.rastreadores.add(id);
    this.agendar();
  }

  usuario(id: number) {
    this.usuarios.add(id);
    if (this.urgente) return;
    this.urgente = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.publicar(), Math.min(URGENTE_MS, this.intervaloMs));
  }

  private agendar() {
    this.timer ??= setTimeout(() => void this.publicar(), this.intervaloMs);
  }

  /** Sends what is gathered now; resolves when it is out. */
  publicar(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.urgente = false;
    const r = [...this.rastreadores];
    const u = [...this.usuarios];
    this.rastreadores = new Set();
    this.usuarios = new Set();
    this.emCurso = this.emCurso.then(async () => {
      for (let i = 0; i < Math.max(r.length, u.length); i += IDS_POR_AVISO) {
        const aviso = { r: r.slice(i, i + IDS_POR_AVISO), u: u.slice(i, i + IDS_POR_AVISO) };
        await this.database
          .notify(CANAL_EVENTOS, JSON.stringify(aviso))
          .catch((err: unknown) => this.log.warn({ err }, 'falha ao publicar eventos ao vivo'));
      }
    });
    return this.emCurso;
  }

  async close() {
    await this.publicar();
  }
}
