import type { FastifyBaseLogger } from 'fastify';
import { notificacaoMetaAtividade } from '@rastro/shared/messages';
import type { Db, Executor } from '../../db/client';
import { FilaEmLotes, porRastreador as agruparPorRastreador } from '../../lib/fila-em-lotes';
import {
  aplicarLocalizacao,
  REGRAS_ATIVIDADE_PADRAO,
  type EstadoAtividade,
  type LocalizacaoAtividade,
  type Parcelas,
  type RegrasAtividade,
} from './calculo';
import { Calendario } from './calendario';
import { estadosDosRastreadores, gravarEstados, marcarMetas, somarDias, type EscritaEstadoAtividade, type SomaDia } from './repository';

export interface OpcoesAtividade extends RegrasAtividade {
  /** The accuracy radius assumed for a GPS fix (TOPIN sends none): ZONAS_PRECISAO_GPS_METROS. */
  precisaoGpsMetros: number;
  /** APP_TIMEZONE: where days start and end. */
  timezone: string;
  /**
   * Positions are gathered this long before a batch is applied, so that a moving pet's fixes of
   * that time become one write of its state and day (nothing waits for it but the goal's notice).
   */
  agruparMs: number;
}

/**
 * Writes these notifications, with what creating one also does (its push), in one statement on
 * `db`: handed in at composition (gateway/servicos.ts), notificacoes being a layer above.
 */
export type Notificar = (
  db: Executor,
  notificacoes: readonly { usuarioId: number; rastreadorId: number | null; descricao: string }[],
) => Promise<void>;

export const OPCOES_ATIVIDADE_PADRAO: OpcoesAtividade = {
  ...REGRAS_ATIVIDADE_PADRAO,
  precisaoGpsMetros: 20,
  timezone: 'America/Sao_Paulo',
  agruparMs: 500,
};

interface LocalizacaoNaFila extends LocalizacaoAtividade {
  rastreadorId: number;
}

interface EstadoConhecido {
  estado: EstadoAtividade | undefined;
  /** null: no row in the database yet. */
  versao: number | null;
}

/** Positions waiting past this are dropped, oldest first (the positions themselves are stored). */
const MAX_FILA = 200_000;
const TENTATIVAS = 3;

/**
 * Adds each committed position to its tracker's daily activity (docs/adr/0013-atividade.md), off
 * the device's ack path: positions are queued and applied in batches, like the safe-zone
 * evaluator. Where each tracker's computation stands lives in the database (`atividade_estados`,
 * optimistic lock), so another instance or a restart continues it; this instance caches it and
 * forgets a tracker when it logs in here (it may have moved on elsewhere).
 */
export class AgregadorDeAtividade {
  /** false: positions are not added (bench/ingest's control stretches, measured in turns with it on). */
  ligado = true;
  private readonly fila: FilaEmLotes<LocalizacaoNaFila>;
  private readonly estados = new Map<number, EstadoConhecido>();
  private readonly calendario: Calendario;
  private readonly hoje: Calendario;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Writes the notification of a goal reached (with its push). */
    private readonly notificar: Notificar,
    /** Told the users with new notifications (a goal reached), for the live channel. */
    private readonly aoAvisar: (usuarioIds: readonly number[]) => void,
    private readonly opts: OpcoesAtividade = OPCOES_ATIVIDADE_PADRAO,
  ) {
    this.calendario = new Calendario(opts.timezone);
    this.hoje = new Calendario(opts.timezone);
    this.fila = new FilaEmLotes((lote) => this.rodada(lote), log, { nome: 'atividade', maximo: MAX_FILA, esperaMs: opts.agruparMs });
  }

  /** A committed GPS fix (positioned, not dated ahead). */
  gps(rastreadorId: number, f: { dataHora: Date; latitude: number; longitude: number }) {
    this.enfileirar({
      rastreadorId,
      quando: f.dataHora.getTime(),
      latitude: f.latitude,
      longitude: f.longitude,
      precisao: this.opts.precisaoGpsMetros,
    });
  }

  /** A committed WI-FI/LBS scan once geolocated, with its accuracy radius. */
  varredura(rastreadorId: number, dataHora: Date, p: { latitude: number; longitude: number; precisao: number }) {
    this.enfileirar({ rastreadorId, quando: dataHora.getTime(), latitude: p.latitude, longitude: p.longitude, precisao: p.precisao });
  }

  private enfileirar(p: LocalizacaoNaFila) {
    if (this.ligado) this.fila.push(p);
  }

  /** This instance's cache of these trackers may be stale (the tracker logged in here). */
  esquecer(rastreadorIds: Iterable<number>) {
    for (const id of rastreadorIds) this.estados.delete(id);
  }

  /** Resolves once every queued position has been applied. */
  ocioso() {
    return this.fila.ocioso();
  }

  private async rodada(lote: LocalizacaoNaFila[]) {
    const porRastreador = agruparPorRastreador(lote);
    for (const posicoes of porRastreador.values()) if (posicoes.length > 1) posicoes.sort((a, b) => a.quando - b.quando);
    let ids = [...porRastreador.keys()];
    await this.carregar(ids.filter((id) => !this.estados.has(id)));
    const usuarios = new Set<number>();
    for (let tentativa = 1; ids.length > 0 && tentativa <= TENTATIVAS; tentativa++) {
      const conflitos = await this.aplicar(ids, porRastreador, usuarios);
      if (conflitos.length === 0) break;
      // Another instance wrote these since they were read: read them again and apply what is newer.
      for (const id of conflitos) this.estados.delete(id);
      await this.carregar(conflitos);
      ids = conflitos;
      if (tentativa === TENTATIVAS)
        this.log.warn({ rastreadores: conflitos.length }, 'atividade: estado disputado, posições não aplicadas');
    }
    if (usuarios.size > 0) this.aoAvisar([...usuarios]);
  }

  /** Applies each tracker's positions and writes states and days in one transaction; returns the trackers that lost a race. */
  private async aplicar(ids: readonly number[], porRastreador: Map<number, LocalizacaoNaFila[]>, usuarios: Set<number>) {
    const escritas: EscritaEstadoAtividade[] = [];
    const somasDe = new Map<number, SomaDia[]>();
    for (const id of ids) {
      const conhecido = this.estados.get(id);
      let estado = conhecido?.estado;
      const dias: Parcelas = new Map();
      for (const p of porRastreador.get(id) ?? []) estado = aplicarLocalizacao(estado, p, this.opts, this.calendario, dias);
      if (!estado || estado === conhecido?.estado) continue;
      if (conhecido?.estado && dias.size === 0 && soAvancou(conhecido.estado, estado)) {
        // Only the newest fix's time moved (a still pet inside its anchor): kept here, not written
        // each time. A restart or another instance resumes from the last write, at most
        // `esperaMaximaMs` of still time behind (its fixes change nothing else).
        conhecido.estado = estado;
        continue;
      }
      escritas.push({ rastreadorId: id, estado, versao: conhecido?.versao ?? null });
      const somas: SomaDia[] = [];
      for (const [data, p] of dias) {
        somas.push({ rastreadorId: id, data, metros: p.metros, segundosAtivos: p.ativoMs / 1000, segundosRepouso: p.repousoMs / 1000 });
      }
      if (somas.length > 0) somasDe.set(id, somas);
    }
    if (escritas.length === 0) return [];

    const hoje = this.hoje.dia(Date.now()).dia;
    const gravados = await this.db.transaction(async (tx) => {
      const ok = await gravarEstados(tx, escritas);
      const somas = [...somasDe].filter(([id]) => ok.has(id)).flatMap(([, s]) => s);
      if (somas.length === 0) return ok;
      const alcancadas = await somarDias(tx, somas, hoje);
      if (alcancadas.length === 0) return ok;
      // Two instances may see the same day reach its goal: only the one that marks it notifies.
      const marcadas = await marcarMetas(tx, alcancadas);
      const avisos = alcancadas.filter((a) => marcadas.has(`${a.rastreadorId}:${a.data}`));
      await this.notificar(
        tx,
        avisos.map((a) => ({
          usuarioId: a.usuarioId,
          rastreadorId: a.rastreadorId,
          descricao: notificacaoMetaAtividade(a.descricao, a.tipo === 'MINUTOS' ? 'MINUTOS' : 'METROS', a.valor),
        })),
      );
      for (const a of avisos) usuarios.add(a.usuarioId);
      return ok;
    });

    const conflitos: number[] = [];
    for (const e of escritas) {
      if (gravados.has(e.rastreadorId)) this.estados.set(e.rastreadorId, { estado: e.estado, versao: (e.versao ?? 0) + 1 });
      else conflitos.push(e.rastreadorId);
    }
    return conflitos;
  }

  private async carregar(ids: readonly number[]) {
    if (ids.length === 0) return;
    for (const id of ids) this.estados.set(id, { estado: undefined, versao: null });
    for (const { rastreadorId, versao, ...estado } of await estadosDosRastreadores(this.db, ids)) {
      this.estados.set(rastreadorId, { estado, versao });
    }
  }
}

/** Whether `b` differs from `a` only by a newer last fix. */
const soAvancou = (a: EstadoAtividade, b: EstadoAtividade) =>
  a.latitude === b.latitude &&
  a.longitude === b.longitude &&
  a.precisao === b.precisao &&
  a.ancoraEm === b.ancoraEm &&
  a.pendenteDesde === b.pendenteDesde;
