import { and, eq, sql } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { literalDeArray } from '../../db/arrays';
import { notificacoes } from './schema';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem } from '../../db/listas';
import type { AoCriarNotificacoes, NotificacaoNova } from './efeitos';

const colunas = {
  id: notificacoes.id,
  dataCadastro: notificacoes.dataCadastro,
  descricao: notificacoes.descricao,
  lida: notificacoes.lida,
  contagem: notificacoes.contagem,
  ultimaEm: notificacoes.ultimaEm,
};

export async function listar(db: Executor, usuarioId: number, f: Paginacao) {
  const where = eq(notificacoes.usuarioId, usuarioId);
  return comTotal(
    db
      .select(colunas)
      .from(notificacoes)
      .where(where)
      .orderBy(...ordenacao({ dataCadastro: notificacoes.dataCadastro }, notificacoes.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(notificacoes).where(where),
  );
}

export async function naoLidas(db: Executor, usuarioId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notificacoes)
    .where(and(eq(notificacoes.usuarioId, usuarioId), eq(notificacoes.lida, false)));
  return row?.n ?? 0;
}

export async function marcarLidas(db: Executor, usuarioId: number) {
  await db
    .update(notificacoes)
    .set({ lida: true })
    .where(and(eq(notificacoes.usuarioId, usuarioId), eq(notificacoes.lida, false)));
}

/** A notification row as raw SQL hands it back (instants as the driver gives them, db/timestamps.ts). */
export interface LinhaNova {
  usuarioId: number;
  id: number;
  dataCadastro: string | Date;
  descricao: string;
  lida: boolean;
  contagem: number;
  ultimaEm: string | Date | null;
}

/** The most notifications the live channel sends one user at once (the list has the rest). */
const MAX_NOVAS = 500;

/**
 * For the live channel, in one statement for every user told at once (an alarm reaching many
 * owners, a resync of every socket): each user's notifications newer than their own `depoisDe`,
 * oldest first, at most `MAX_NOVAS` each; ordered by user, then id.
 */
export function novasDeCada(db: Executor, pedidos: readonly { usuarioId: number; depoisDe: number }[]) {
  return consultar<LinhaNova>(
    db,
    sql`select u.usuario_id as "usuarioId", n.id::float8 as id, n.data_cadastro as "dataCadastro", n.descricao, n.lida,
          n.contagem, n.ultima_em as "ultimaEm"
        from unnest(${literalDeArray(pedidos.map((p) => p.usuarioId))}::int[], ${literalDeArray(pedidos.map((p) => p.depoisDe))}::bigint[])
          as u(usuario_id, depois_de)
        cross join lateral (
          select id, data_cadastro, descricao, lida, contagem, ultima_em from notificacoes
          where usuario_id = u.usuario_id and id > u.depois_de order by id limit ${MAX_NOVAS}
        ) n
        order by u.usuario_id, n.id`,
  );
}

/** Each user's unread count (a user with none is absent), in one statement. */
export async function naoLidasDeCada(db: Executor, usuarioIds: readonly number[]) {
  const linhas = await consultar<{ usuarioId: number; n: number }>(
    db,
    sql`select usuario_id as "usuarioId", count(*)::int as n from notificacoes
        where usuario_id = any(${literalDeArray(usuarioIds)}::int[]) and not lida group by usuario_id`,
  );
  return new Map(linhas.map((l) => [l.usuarioId, l.n]));
}

export async function ultimoId(db: Executor, usuarioId: number) {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${notificacoes.id}), 0)::float8` })
    .from(notificacoes)
    .where(eq(notificacoes.usuarioId, usuarioId));
  return Number(row?.id ?? 0);
}

/**
 * The name the rows an insert of notifications creates go by in its statement, for
 * `AoCriarNotificacoes` to read: `id`, `usuario_id`, `rastreador_id` (null: no tracker), `descricao`.
 */
const NOVAS = sql.raw('novas');

/**
 * Notifications, in one statement with what creating them does elsewhere (`aoCriar`, a
 * data-modifying CTE over the rows created: the push queue).
 */
export async function inserirVarias(db: Executor, lista: readonly NotificacaoNova[], aoCriar: AoCriarNotificacoes) {
  if (lista.length === 0) return;
  await consultar(
    db,
    sql`with ${NOVAS} as (
          insert into notificacoes (usuario_id, rastreador_id, descricao)
          select * from unnest(${literalDeArray(lista.map((n) => n.usuarioId))}::int[],
            ${literalDeArray(lista.map((n) => n.rastreadorId))}::int[], ${literalDeArray(lista.map((n) => n.descricao))}::varchar[])
          returning id, usuario_id, rastreador_id, descricao
        ), efeitos as (${aoCriar(NOVAS)})
        select 1`,
  );
}

/**
 * A device alarm for each of these users, in one statement: where the user has a notification of
 * this tracker and kind opened less than `janelaMs` ago, it counts one more (and is unread again);
 * elsewhere a new one is inserted, and `aoCriar` runs over the new ones only (a repeat is not
 * pushed again). Returns every user's notification of this kind in the window, and when it was
 * opened.
 */
export function contarOuInserir(
  db: Executor,
  a: { rastreadorId: number; tipo: string; janelaMs: number; lista: readonly { usuarioId: number; descricao: string }[] },
  aoCriar: AoCriarNotificacoes,
) {
  return consultar<{ id: number; abertaEm: number }>(
    db,
    sql`with contadas as (
          update notificacoes set contagem = contagem + 1, ultima_em = now(), lida = false
          where rastreador_id = ${a.rastreadorId} and tipo = ${a.tipo}
            and usuario_id = any(${literalDeArray(a.lista.map((l) => l.usuarioId))}::int[])
            and data_cadastro > now() - ${a.janelaMs}::int * interval '1 millisecond'
          returning id, usuario_id, data_cadastro
        ), ${NOVAS} as (
          insert into notificacoes (usuario_id, rastreador_id, tipo, descricao)
          select v.usuario_id, ${a.rastreadorId}, ${a.tipo}, v.descricao
          from unnest(${literalDeArray(a.lista.map((l) => l.usuarioId))}::int[], ${literalDeArray(a.lista.map((l) => l.descricao))}::varchar[])
            as v(usuario_id, descricao)
          where v.usuario_id not in (select usuario_id from contadas)
          returning id, usuario_id, rastreador_id, descricao, data_cadastro
        ), efeitos as (${aoCriar(NOVAS)})
        select id::float8 as id, extract(epoch from data_cadastro)::float8 * 1000 as "abertaEm" from contadas
        union all
        select id::float8, extract(epoch from data_cadastro)::float8 * 1000 from ${NOVAS}`,
  );
}

/** Repeats counted in memory, written at once: `n` more on each of these notifications, unread again. Returns their users. */
export function somarRepeticoes(db: Executor, ids: readonly number[], n: number, ultimaEm: Date) {
  return consultar<{ usuarioId: number }>(
    db,
    sql`update notificacoes set contagem = contagem + ${n}::int, ultima_em = ${ultimaEm.toISOString()}::timestamptz, lida = false
        where id = any(${literalDeArray(ids)}::bigint[])
        returning usuario_id as "usuarioId"`,
  );
}
