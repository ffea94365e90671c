import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import { FilaPorChave } from '../../lib/fila-por-chave';
import { registrarAlarme, somarRepeticoes, type AoCriarNotificacoes, type RegrasAlarmes, type TipoAlarme } from './service';

/** How often repeats counted in memory are written (the count a screen reads lags at most this). */
const GRAVAR_A_CADA_MS = 250;

/** A kind of alarm of a tracker with notifications open in the window. */
interface Aberta {
  rastreadorId: number;
  /** The notifications the repeats count into (one per user who sees the tracker). */
  ids: number[];
  /** Until when repeats count into them: the oldest's opening plus the window. */
  ate: number;
  /** Repeats counted here and not yet written. */
  pendentes: number;
  ultima: Date;
}

const NADA: Promise<number[]> = Promise.resolve([]);

/**
 * Device alarms as the gateway hands them over (docs/adr/0017-alertas-agrupados.md). The first of a
 * kind in the window goes to the database at once (a notification, a push); its repeats only count
 * here, with no database work on the device's path, and are written together every
 * GRAVAR_A_CADA_MS — so a device sending a thousand SOS costs a few statements, not thousands, and
 * delays no other device. One tracker's alarms are decided one at a time in this process.
 */
export class AlarmesDoRastreador {
  private readonly abertas = new Map<string, Aberta>();
  private readonly umPorVez = new FilaPorChave<number>();
  private prazo: NodeJS.Timeout | undefined;
  private gravacao: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
    private readonly regras: RegrasAlarmes,
    /** What a new notification also does, in its statement (the push queue). */
    private readonly aoCriarNotificacoes: AoCriarNotificacoes,
    /** Told the users whose notifications changed when repeats were written, and the tracker (the live channel). */
    private readonly aoAvisar: (usuarioIds: readonly number[], rastreadorId: number) => void,
  ) {}

  /** An alarm from the device. Resolves with who was told now (a repeat: nobody yet; the write tells them). */
  registrar(rastreadorId: number, tipo: TipoAlarme, texto: (descricao: string | null) => string): Promise<number[]> {
    const chave = `${rastreadorId}:${tipo}`;
    if (this.contar(chave)) return NADA;
    return this.umPorVez.run(rastreadorId, async () => {
      // The alarm before it, on any connection, may have opened the window meanwhile.
      if (this.contar(chave)) return [];
      const { usuarioIds, abertas } = await registrarAlarme(this.db, rastreadorId, tipo, texto, this.regras, this.aoCriarNotificacoes);
      if (abertas.length > 0) {
        // An ended window whose last repeats are still being written keeps them under its own key.
        const anterior = this.abertas.get(chave);
        if (anterior && anterior.pendentes > 0) this.abertas.set(`${chave}@${anterior.ate}`, anterior);
        this.abertas.set(chave, {
          rastreadorId,
          ids: abertas.map((a) => a.id),
          ate: Math.min(...abertas.map((a) => a.abertaEm)) + this.regras.janelaMs,
          pendentes: 0,
          ultima: new Date(),
        });
      }
      return usuarioIds;
    });
  }

  /** Writes the repeats counted so far; resolves once they are written. */
  ocioso() {
    clearTimeout(this.prazo);
    this.prazo = undefined;
    this.gravacao = this.gravacao.then(() => this.gravar());
    return this.gravacao;
  }

  /** A repeat of an open window: counted here. False when the kind has no open window. */
  private contar(chave: string) {
    const a = this.abertas.get(chave);
    if (!a || a.ate <= Date.now()) return false;
    a.pendentes += 1;
    a.ultima = new Date();
    this.prazo ??= setTimeout(() => void this.ocioso(), GRAVAR_A_CADA_MS);
    return true;
  }

  private async gravar() {
    const agora = Date.now();
    for (const [chave, a] of this.abertas) {
      if (a.pendentes > 0) {
        const n = a.pendentes;
        a.pendentes = 0;
        try {
          const usuarioIds = await somarRepeticoes(this.db, a.rastreadorId, a.ids, n, a.ultima);
          this.aoAvisar(usuarioIds, a.rastreadorId);
        } catch (err) {
          // Counted again on the next write: nothing counted is dropped.
          a.pendentes += n;
          this.log.warn({ err, rastreadorId: a.rastreadorId }, 'falha ao gravar alarmes repetidos');
          this.prazo ??= setTimeout(() => void this.ocioso(), GRAVAR_A_CADA_MS);
          continue;
        }
      }
      if (a.ate <= agora) this.abertas.delete(chave);
    }
  }
}
