import type { FastifyBaseLogger } from 'fastify';
import { notificacaoZona } from '@rastro/shared/messages';
import { parteCerta, preparar } from '@rastro/shared/geometria';
import { geometriaDaZona } from '@rastro/shared/schemas/zonas';
import type { Database, Db, Executor } from '../../db/client';
import { CANAL_ZONAS } from '../../lib/canais';
import { FilaEmLotes, porRastreador as agruparPorRastreador } from '../../lib/fila-em-lotes';
import { quemVeOsRastreadores } from '../meus-rastreadores/service';
import type { EstadoNaZona, Regras } from './histerese';
import { percorrer, perto, type Ancora, type Par, type LocalizacaoAvaliada } from './percurso';
import {
  estadosDosRastreadores,
  gravarEstados,
  inserirEventos,
  zonasDosRastreadores,
  type EscritaEstado,
  type NovoEvento,
} from './repository';

export interface OpcoesZonas extends Regras {
  /** The accuracy radius assumed for a GPS fix (TOPIN sends none): ZONAS_PRECISAO_GPS_METROS. */
  precisaoGpsMetros: number;
  /** A position that arrives later than this after it was taken changes the state but alerts nobody. */
  atrasoMaximoMs: number;
  /** APP_TIMEZONE: the time in the notification's text. */
  timezone: string;
}

/**
 * Writes these notifications, with what creating one also does (its push), in one statement on
 * `db`: handed in at composition (gateway/servicos.ts), notificacoes being a layer above.
 */
export type Notificar = (
  db: Executor,
  notificacoes: readonly { usuarioId: number; rastreadorId: number | null; descricao: string }[],
) => Promise<void>;

export const OPCOES_ZONAS_PADRAO: OpcoesZonas = {
  confirmacoes: 2,
  margemMetros: 50,
  intervaloMinimoMs: 60_000,
  precisaoGpsMetros: 20,
  atrasoMaximoMs: 15 * 60_000,
  timezone: 'America/Sao_Paulo',
};

/** A committed position to evaluate. */
interface LocalizacaoNaFila extends LocalizacaoAvaliada {
  rastreadorId: number;
  atrasada: boolean;
}

interface ZonaCompilada {
  id: number;
  usuarioId: number;
  nome: string;
  /** The tracker's name as the zone's owner gave it. */
  descricao: string;
  alertarSaida: boolean;
  alertarEntrada: boolean;
  distancia: ReturnType<typeof preparar>;
  parteCerta: number;
}

interface Grupo {
  rastreadorId: number;
  zonas: ZonaCompilada[];
}

interface EstadoConhecido extends EstadoNaZona {
  /** null: no row in the database yet. */
  versao: number | null;
  /** Device time of the newest position evaluated: older ones are not applied (time order). */
  vistoAte: number;
}

/** A tracker's anchor (percurso.ts), valid while its zones and cached states are the ones it was taken with. */
interface AncoraConhecida extends Ancora {
  zonas: readonly ZonaCompilada[];
  estados: Map<number, EstadoConhecido> | undefined;
}

/** How long a tracker's zones are trusted without a change notice (links may change meanwhile). */
const ZONAS_TTL_MS = 60_000;
const TENTATIVAS = 3;
/** Late events one tracker may store per window on one instance (limitarAtrasados). */
export const EVENTOS_ATRASADOS_POR_JANELA = 20;
/** Positions waiting past this are dropped, oldest first (the positions themselves are stored). */
const MAX_FILA = 200_000;

/**
 * Decides, after positions are committed, whether trackers crossed the borders of their safe
 * zones (docs/adr/0009-zonas-seguras.md). Nothing here is on the device's ack path: positions are
 * queued and evaluated in batches. The state of each tracker in each zone lives in the database
 * (`zona_estados`, written with an optimistic lock), so it survives restarts and every gateway
 * instance agrees; this instance caches zones and states, and forgets them when a zone changes
 * (NOTIFY) or the tracker logs in here.
 */
/** A state to write, with what it replaces. */
type Escrita = EscritaEstado & { anterior: EstadoConhecido | undefined; vistoAte: number };
/** A crossing to record, and whether it is told (late ones are not). */
type Travessia = { evento: NovoEvento; atrasada: boolean; zona: ZonaCompilada };

export class AvaliadorDeZonas {
  private readonly fila: FilaEmLotes<LocalizacaoNaFila>;
  private readonly zonas = new Map<number, { lista: ZonaCompilada[]; ate: number }>();
  private readonly estados = new Map<number, Map<number, EstadoConhecido>>();
  private readonly ancoras = new Map<number, AncoraConhecida>();
  /** Late events each tracker may still store in its current window (limitarAtrasados). */
  private readonly atrasados = new Map<number, { ate: number; restam: number }>();
  private readonly hora: Intl.DateTimeFormat;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Writes the notifications a transition creates (with their push). */
    private readonly notificar: Notificar,
    /** Told the users with new notifications and the trackers whose side changed (the live channel). */
    private readonly aoAvisar: (usuarioIds: readonly number[], rastreadorIds: readonly number[]) => void,
    private readonly opts: OpcoesZonas = OPCOES_ZONAS_PADRAO,
  ) {
    this.hora = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: opts.timezone });
    this.fila = new FilaEmLotes((lote) => this.rodada(lote), log, { nome: 'avaliação de zonas', maximo: MAX_FILA, esperaMs: 0 });
  }

  /** A committed GPS fix (positioned, not dated ahead). */
  gps(rastreadorId: number, f: { dataHora: Date; latitude: number; longitude: number }) {
    this.avaliar(rastreadorId, f.dataHora, f.latitude, f.longitude, this.opts.precisaoGpsMetros);
  }

  /** A committed WI-FI/LBS scan once geolocated, with its accuracy radius. */
  varredura(rastreadorId: number, dataHora: Date, p: { latitude: number; longitude: number; precisao: number }) {
    this.avaliar(rastreadorId, dataHora, p.latitude, p.longitude, p.precisao);
  }

  private avaliar(rastreadorId: number, dataHora: Date, latitude: number, longitude: number, precisao: number) {
    const conhecidas = this.zonas.get(rastreadorId);
    const agora = Date.now();
    // Most trackers have no zone: nothing is queued for them.
    if (conhecidas && conhecidas.lista.length === 0 && conhecidas.ate > agora) return;
    const quando = dataHora.getTime();
    this.fila.push({ rastreadorId, quando, latitude, longitude, precisao, atrasada: agora - quando > this.opts.atrasoMaximoMs });
  }

  /** This instance's cache of these trackers is stale (a zone changed, or the tracker logged in here). */
  esquecer(rastreadorIds: Iterable<number>) {
    for (const id of rastreadorIds) {
      this.zonas.delete(id);
      this.estados.delete(id);
      this.ancoras.delete(id);
    }
  }

  /** Forgets trackers whose zones changed on any instance. */
  ouvir(database: Database) {
    return database.listen(
      CANAL_ZONAS,
      (payload) => this.esquecer(payload.split(',').map(Number).filter(Number.isInteger)),
      // Notices sent while LISTEN was down are lost: forget everything.
      () => {
        this.zonas.clear();
        this.estados.clear();
        this.ancoras.clear();
      },
    );
  }

  /** Resolves once every queued position has been evaluated. */
  ocioso() {
    return this.fila.ocioso();
  }

  private async rodada(lote: LocalizacaoNaFila[]) {
    const porRastreador = agruparPorRastreador(lote);
    await this.carregarZonas([...porRastreador.keys()]);
    const comZonas: number[] = [];
    const semEstado: number[] = [];
    for (const [id, posicoes] of porRastreador) {
      if ((this.zonas.get(id)?.lista.length ?? 0) === 0) continue;
      comZonas.push(id);
      if (posicoes.length > 1) posicoes.sort((a, b) => a.quando - b.quando);
      if (!this.estados.has(id)) semEstado.push(id);
    }
    if (comZonas.length === 0) return;
    await this.carregarEstados(semEstado);

    let grupos: Grupo[] = comZonas.map((id) => ({ rastreadorId: id, zonas: this.zonas.get(id)?.lista ?? [] }));
    const usuarios = new Set<number>();
    const mudaram = new Set<number>();
    for (let tentativa = 1; grupos.length > 0 && tentativa <= TENTATIVAS; tentativa++) {
      const conflitos = await this.aplicar(grupos, porRastreador, usuarios, mudaram);
      if (conflitos.length === 0) break;
      // Another instance (or a zone change) wrote these since they were read: read them again.
      const ids = new Set(conflitos.map((c) => c.rastreadorId));
      for (const id of ids) this.estados.delete(id);
      await this.carregarEstados([...ids]);
      const porId = new Map<number, ZonaCompilada[]>();
      for (const c of conflitos) porId.set(c.rastreadorId, [...(porId.get(c.rastreadorId) ?? []), c.zona]);
      grupos = [...porId].map(([rastreadorId, zonas]) => ({ rastreadorId, zonas }));
      if (tentativa === TENTATIVAS) this.log.warn({ pares: conflitos.length }, 'zonas: estado disputado, posições não avaliadas');
    }
    if (usuarios.size > 0 || mudaram.size > 0) this.aoAvisar([...usuarios], [...mudaram]);
  }

  /** Evaluates each tracker's positions against its zones, writes what changed in one transaction; returns the pairs that lost a race. */
  /**
   * Walks each tracker's positions through its zones, writes what changed (states, events and
   * their notifications, in one transaction) and remembers it. Returns the pairs another instance
   * wrote first (to be retried with fresh states).
   */
  private async aplicar(grupos: Grupo[], porRastreador: Map<number, LocalizacaoNaFila[]>, usuarios: Set<number>, mudaram: Set<number>) {
    const { escritas, eventos, ancoras } = this.decidir(grupos, porRastreador);
    if (escritas.length === 0) {
      this.guardarAncoras(ancoras, new Set());
      return [];
    }
    const gravados = await this.gravar(escritas, eventos, usuarios);
    const conflitos = this.lembrar(escritas, gravados, mudaram);
    this.guardarAncoras(ancoras, new Set(conflitos.map((c) => c.rastreadorId)));
    return conflitos;
  }

  /** In memory: the states that change and the crossings, per zone and tracker; the anchors seen. */
  private decidir(grupos: Grupo[], porRastreador: Map<number, LocalizacaoNaFila[]>) {
    const escritas: Escrita[] = [];
    const eventos = new Map<string, Travessia[]>();
    const ancoras = new Map<number, Ancora | undefined>();
    for (const { rastreadorId, zonas } of grupos) {
      const conhecidos = this.estados.get(rastreadorId);
      const posicoes = porRastreador.get(rastreadorId) ?? [];
      // Only the tracker's whole list of zones anchors (a retry after a lost race carries some).
      const todas = zonas === this.zonas.get(rastreadorId)?.lista;
      const ancora = todas ? this.ancoraDe(rastreadorId) : undefined;
      if (ancora && posicoes.every((p) => perto(ancora, p))) {
        // Settled and still near the anchor (most of the time, for most pets): only the time seen moves.
        const ultima = posicoes[posicoes.length - 1]?.quando ?? -Infinity;
        for (const z of zonas) {
          const e = conhecidos?.get(z.id);
          if (e && e.vistoAte < ultima) e.vistoAte = ultima;
        }
        continue;
      }
      const pares: (Par<ZonaCompilada, LocalizacaoNaFila> & { anterior: EstadoConhecido | undefined })[] = zonas.map((zona) => {
        const anterior = conhecidos?.get(zona.id);
        return { zona, anterior, estado: anterior, vistoAte: anterior?.vistoAte ?? -Infinity, mudou: false, transicoes: [] };
      });
      ancoras.set(rastreadorId, percorrer(pares, posicoes, this.opts, todas ? ancora : null));
      for (const { zona, anterior, estado, vistoAte, mudou, transicoes } of pares) {
        if (mudou && estado) {
          escritas.push({
            zonaId: zona.id,
            rastreadorId,
            estado: estado.estado,
            pendentes: estado.pendentes,
            dataHora: new Date(vistoAte),
            versao: anterior?.versao ?? null,
            transicaoEm: estado.transicaoEm === null || estado.transicaoEm === undefined ? null : new Date(estado.transicaoEm),
            anterior,
            vistoAte,
          });
          if (transicoes.length > 0)
            eventos.set(
              `${zona.id}:${rastreadorId}`,
              transicoes.map(({ tipo, localizacao: p }) => ({
                evento: {
                  zonaId: zona.id,
                  rastreadorId,
                  tipo,
                  dataHora: new Date(p.quando),
                  latitude: p.latitude,
                  longitude: p.longitude,
                  atrasado: p.atrasada,
                },
                atrasada: p.atrasada,
                zona,
              })),
            );
        } else if (anterior) {
          anterior.vistoAte = vistoAte;
        }
      }
    }
    return { escritas, eventos, ancoras };
  }

  /**
   * The states (each only if no other instance moved it first), their crossings and the
   * notifications, in one transaction. Returns the pairs `zona:rastreador` written.
   */
  private gravar(escritas: Escrita[], eventos: Map<string, Travessia[]>, usuarios: Set<number>) {
    return this.db.transaction(async (tx) => {
      const ok = await gravarEstados(tx, escritas);
      const feitos = this.limitarAtrasados([...eventos].filter(([par]) => ok.has(par)).flatMap(([, lista]) => lista));
      await inserirEventos(
        tx,
        feitos.map((e) => e.evento),
      );
      const avisos = feitos.filter((e) => !e.atrasada && (e.evento.tipo === 'SAIDA' ? e.zona.alertarSaida : e.zona.alertarEntrada));
      // The zone's owner is the tracker's: they and the tracker's co-guardians hear of it.
      const notificados = await notificarQuemVe(
        tx,
        this.notificar,
        avisos.map((e) => ({
          rastreadorId: e.evento.rastreadorId,
          descricao: notificacaoZona(
            e.zona.descricao,
            e.evento.tipo === 'SAIDA' ? 'SAIDA' : 'ENTRADA',
            e.zona.nome,
            this.hora.format(e.evento.dataHora),
          ),
        })),
      );
      for (const u of notificados) usuarios.add(u);
      return ok;
    });
  }

  /** What was written becomes the known state; returns the pairs another instance wrote first. */
  private lembrar(escritas: Escrita[], gravados: ReadonlySet<string>, mudaram: Set<number>) {
    const conflitos: { rastreadorId: number; zona: ZonaCompilada }[] = [];
    for (const e of escritas) {
      if (!gravados.has(`${e.zonaId}:${e.rastreadorId}`)) {
        const zona = this.zonas.get(e.rastreadorId)?.lista.find((z) => z.id === e.zonaId);
        if (zona) conflitos.push({ rastreadorId: e.rastreadorId, zona });
        continue;
      }
      // The side shown on the map changed (a first decision included).
      if (e.anterior?.estado !== e.estado) mudaram.add(e.rastreadorId);
      let doRastreador = this.estados.get(e.rastreadorId);
      if (!doRastreador) this.estados.set(e.rastreadorId, (doRastreador = new Map()));
      doRastreador.set(e.zonaId, {
        estado: e.estado === 'FORA' ? 'FORA' : 'DENTRO',
        pendentes: e.pendentes,
        transicaoEm: e.transicaoEm?.getTime() ?? null,
        versao: (e.versao ?? 0) + 1,
        vistoAte: e.vistoAte,
      });
    }
    return conflitos;
  }

  /**
   * Late events (from positions older than ZONAS_ATRASO_MINUTOS: a device's buffer, or one sending
   * back-dated fixes) notify nobody, and a device could otherwise fill the table with them: each
   * tracker may store EVENTOS_ATRASADOS_POR_JANELA of them per window (intervaloMinimoMs) on this
   * instance, the newest of each batch first. The states still follow every position
   * (docs/adr/0017).
   */
  private limitarAtrasados<E extends { evento: NovoEvento; atrasada: boolean }>(eventos: E[]): E[] {
    const porRastreador = new Map<number, E[]>();
    for (const e of eventos) {
      if (!e.atrasada) continue;
      const lista = porRastreador.get(e.evento.rastreadorId);
      if (lista) lista.push(e);
      else porRastreador.set(e.evento.rastreadorId, [e]);
    }
    if (porRastreador.size === 0) return eventos;
    const agora = Date.now();
    const janela = Math.max(this.opts.intervaloMinimoMs ?? 0, 60_000);
    if (this.atrasados.size > 10_000) for (const [id, c] of this.atrasados) if (c.ate <= agora) this.atrasados.delete(id);
    const fora = new Set<E>();
    for (const [rastreadorId, lista] of porRastreador) {
      let cota = this.atrasados.get(rastreadorId);
      if (!cota || cota.ate <= agora)
        this.atrasados.set(rastreadorId, (cota = { ate: agora + janela, restam: EVENTOS_ATRASADOS_POR_JANELA }));
      if (lista.length > cota.restam) {
        lista.sort((a, b) => b.evento.dataHora.getTime() - a.evento.dataHora.getTime());
        const descartados = lista.slice(cota.restam);
        for (const e of descartados) fora.add(e);
        this.log.warn(
          { rastreadorId, descartados: descartados.length },
          'zonas: eventos atrasados demais; os mais antigos não foram guardados',
        );
      }
      cota.restam = Math.max(0, cota.restam - lista.length);
    }
    return fora.size === 0 ? eventos : eventos.filter((e) => !fora.has(e));
  }

  /** The tracker's anchor, if taken with the zones and cached states it has now. */
  private ancoraDe(rastreadorId: number): Ancora | undefined {
    const a = this.ancoras.get(rastreadorId);
    const estados = this.estados.get(rastreadorId);
    return a && estados && a.estados === estados && a.zonas === this.zonas.get(rastreadorId)?.lista ? a : undefined;
  }

  /** Keeps the anchors of a batch whose states are now the cached ones (written, or nothing to write). */
  private guardarAncoras(ancoras: ReadonlyMap<number, Ancora | undefined>, perderam: ReadonlySet<number>) {
    for (const [id, a] of ancoras) {
      const zonas = this.zonas.get(id)?.lista;
      if (a && zonas && !perderam.has(id)) this.ancoras.set(id, { ...a, zonas, estados: this.estados.get(id) });
      else this.ancoras.delete(id);
    }
  }

  private async carregarZonas(ids: readonly number[]) {
    const agora = Date.now();
    const faltam = ids.filter((id) => (this.zonas.get(id)?.ate ?? 0) <= agora);
    if (faltam.length === 0) return;
    const linhas = await zonasDosRastreadores(this.db, faltam);
    const ate = agora + ZONAS_TTL_MS;
    const novas = new Map<number, ZonaCompilada[]>(faltam.map((id) => [id, []]));
    for (const z of linhas) {
      const g = geometriaDaZona({ ...z, tipo: z.tipo === 'POLIGONO' ? 'POLIGONO' : 'CIRCULO' });
      novas.get(z.rastreadorId)?.push({
        id: z.id,
        usuarioId: z.usuarioId,
        nome: z.nome,
        descricao: z.descricao,
        alertarSaida: z.alertarSaida,
        alertarEntrada: z.alertarEntrada,
        distancia: preparar(g),
        parteCerta: parteCerta(g),
      });
    }
    for (const [id, lista] of novas) {
      const antes = this.zonas.get(id);
      this.zonas.set(id, { lista, ate });
      // A zone that changed has its states reset in the database: the cached ones go too.
      if (antes && !mesmasZonas(antes.lista, lista)) this.estados.delete(id);
    }
  }

  private async carregarEstados(ids: readonly number[]) {
    if (ids.length === 0) return;
    for (const id of ids) this.estados.set(id, new Map());
    for (const e of await estadosDosRastreadores(this.db, ids)) {
      this.estados.get(e.rastreadorId)?.set(e.zonaId, {
        estado: e.estado === 'FORA' ? 'FORA' : 'DENTRO',
        pendentes: e.pendentes,
        transicaoEm: e.transicaoEm === null ? null : new Date(e.transicaoEm).getTime(),
        versao: e.versao,
        vistoAte: new Date(e.dataHora).getTime(),
      });
    }
  }
}

const mesmasZonas = (a: readonly ZonaCompilada[], b: readonly ZonaCompilada[]) =>
  a.length === b.length && a.every((z, i) => z.id === b[i]?.id);

/** Notifications about trackers for everyone who sees each of them now, owner and co-guardians. Returns who was notified. */
async function notificarQuemVe(tx: Executor, notificar: Notificar, lista: readonly { rastreadorId: number; descricao: string }[]) {
  if (lista.length === 0) return [];
  const quem = await quemVeOsRastreadores(tx, [...new Set(lista.map((n) => n.rastreadorId))]);
  const porRastreador = new Map<number, number[]>();
  for (const q of quem) porRastreador.set(q.rastreadorId, [...(porRastreador.get(q.rastreadorId) ?? []), q.usuarioId]);
  const notas = lista.flatMap((n) => (porRastreador.get(n.rastreadorId) ?? []).map((usuarioId) => ({ ...n, usuarioId })));
  await notificar(tx, notas);
  return [...new Set(notas.map((n) => n.usuarioId))];
}
