import { ZONA } from '@rastro/shared/constants';
import { TIPOS_EVENTO_ZONA, TIPOS_ZONA } from '@rastro/shared/dominio';
import { MSG } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { EventoZona, Zona, ZonaFormValida } from '@rastro/shared/schemas/zonas';
import type { Executor } from '../../db/client';
import { CANAL_ZONAS } from '../../lib/canais';
import { umDe } from '../../lib/dominio';
import { ErroDaApi, naoEncontrado } from '../../lib/erros';
import { iso, pagina, type Paginacao } from '../../lib/paginacao';
import type { Infra } from '../../plugins/infra';
import { rastreadoresDoUsuario, vinculoDoUsuario } from '../meus-rastreadores/service';
import * as repo from './repository';

type Deps = Pick<Infra, 'db' | 'database'>;

function paraZona(z: repo.LinhaZona): Zona {
  const circulo = z.tipo === 'CIRCULO';
  return {
    id: z.id,
    nome: z.nome,
    tipo: umDe(TIPOS_ZONA, z.tipo, 'CIRCULO'),
    latitude: circulo ? z.latitude : null,
    longitude: circulo ? z.longitude : null,
    raioMetros: circulo ? z.raioMetros : null,
    pontos: circulo ? [] : z.pontos,
    rastreadorIds: z.rastreadorIds,
    alertarSaida: z.alertarSaida,
    alertarEntrada: z.alertarEntrada,
    dataCadastro: iso(z.dataCadastro),
    dataAtualizacao: iso(z.dataAtualizacao),
  };
}

/** What is stored of a valid form: only the fields of its shape. */
function dadosDaZona(f: ZonaFormValida): repo.DadosZona {
  const circulo = f.tipo === 'CIRCULO';
  return {
    nome: f.nome,
    tipo: f.tipo,
    latitude: circulo ? (f.latitude ?? null) : null,
    longitude: circulo ? (f.longitude ?? null) : null,
    raioMetros: circulo ? (f.raioMetros ?? null) : null,
    pontos: circulo ? [] : (f.pontos ?? []).map((p) => ({ latitude: p.latitude, longitude: p.longitude })),
    alertarSaida: f.alertarSaida,
    alertarEntrada: f.alertarEntrada,
  };
}

/** Only the caller's own trackers: anyone else's answers as if it did not exist. */
async function exigirRastreadores(db: Executor, usuarioId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const meus = await rastreadoresDoUsuario(db, usuarioId);
  if (ids.some((id) => !meus.has(id))) throw naoEncontrado();
}

/** Every gateway instance forgets what it cached of these trackers' zones. */
async function avisarInstancias(deps: Deps, rastreadorIds: Iterable<number>) {
  const ids = [...new Set(rastreadorIds)];
  // NOTIFY payloads stay under 8,000 bytes: at most ZONA.rastreadoresMax ids per zone, twice.
  if (ids.length > 0) await deps.database.notify(CANAL_ZONAS, ids.join(','));
}

export async function listarZonas(db: Executor, usuarioId: number): Promise<Zona[]> {
  return (await repo.doUsuario(db, usuarioId)).map(paraZona);
}

export async function obterZona(db: Executor, usuarioId: number, id: number): Promise<Zona> {
  const z = await repo.buscar(db, usuarioId, id);
  if (!z) throw naoEncontrado();
  return paraZona(z);
}

export async function criarZona(deps: Deps, usuarioId: number, f: ZonaFormValida): Promise<Zona> {
  await exigirRastreadores(deps.db, usuarioId, f.rastreadorIds);
  if ((await repo.quantas(deps.db, usuarioId)) >= ZONA.porUsuario) throw new ErroDaApi(409, MSG.limiteZonas);
  const id = await deps.db.transaction(async (tx) => {
    const novo = await repo.inserir(tx, usuarioId, dadosDaZona(f));
    await repo.definirRastreadores(tx, novo, f.rastreadorIds);
    return novo;
  });
  await avisarInstancias(deps, f.rastreadorIds);
  return obterZona(deps.db, usuarioId, id);
}

/** A changed zone starts over: every tracker's state in it is reset, without alerting. */
export async function alterarZona(deps: Deps, usuarioId: number, id: number, f: ZonaFormValida): Promise<Zona> {
  await exigirRastreadores(deps.db, usuarioId, f.rastreadorIds);
  const antes = await deps.db.transaction(async (tx) => {
    const anteriores = await repo.rastreadoresDaZona(tx, id);
    if (!(await repo.atualizar(tx, usuarioId, id, dadosDaZona(f)))) return undefined;
    await repo.definirRastreadores(tx, id, f.rastreadorIds);
    return anteriores;
  });
  if (!antes) throw naoEncontrado();
  await avisarInstancias(deps, [...antes, ...f.rastreadorIds]);
  return obterZona(deps.db, usuarioId, id);
}

export async function excluirZona(deps: Deps, usuarioId: number, id: number) {
  const antes = await repo.excluir(deps.db, usuarioId, id);
  if (!antes) throw naoEncontrado();
  await avisarInstancias(deps, antes);
}

const paraEvento = (e: Awaited<ReturnType<typeof repo.eventos>>['rows'][number]): EventoZona => ({
  ...e,
  tipo: umDe(TIPOS_EVENTO_ZONA, e.tipo, 'SAIDA'),
  dataHora: iso(e.dataHora),
});

export async function eventosDaZona(db: Executor, usuarioId: number, zonaId: number, f: Paginacao): Promise<Page<EventoZona>> {
  if (!(await repo.buscar(db, usuarioId, zonaId))) throw naoEncontrado();
  const { rows, total } = await repo.eventos(db, usuarioId, { zonaId }, f);
  return pagina(rows.map(paraEvento), total, f);
}

/** The zone events of one of the caller's trackers, by the caller's link id. */
export async function eventosDoRastreador(db: Executor, usuarioId: number, vinculoId: number, f: Paginacao): Promise<Page<EventoZona>> {
  const link = await vinculoDoUsuario(db, usuarioId, vinculoId);
  if (!link) throw naoEncontrado();
  // In its owner's zones, whoever of the owner and the co-guardians asks.
  const { rows, total } = await repo.eventos(db, link.usuarioId, { rastreadorId: link.rastreadorId }, f);
  return pagina(rows.map(paraEvento), total, f);
}

/** Where a tracker stands in its zones (alerting on leaving), by name, in name order. */
export interface LadosNasZonas {
  fora: string[];
  dentro: string[];
}

/**
 * The zones (alerting on leaving) each tracker is outside of and inside of now: a user's own zones,
 * or these trackers' (their owners' zones). A zone not yet decided (no fix, or one too imprecise) is in neither.
 */
export async function ladosNasZonas(db: Executor, filtro: { usuarioId: number } | { rastreadorIds: readonly number[] }) {
  const lados = new Map<number, LadosNasZonas>();
  for (const r of await repo.ladosNasZonas(db, filtro)) {
    let l = lados.get(r.rastreadorId);
    if (!l) lados.set(r.rastreadorId, (l = { fora: [], dentro: [] }));
    (r.estado === 'FORA' ? l.fora : l.dentro).push(r.nome);
  }
  return lados;
}
