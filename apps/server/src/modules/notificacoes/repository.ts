import { and, eq, gt, inArray, sql } from 'drizzle-orm';
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

/** Notifications of these users newer than `depoisDe` (the live channel), oldest first. */
export function novas(db: Executor, usuarioIds: readonly number[], depoisDe: number) {
  return db
    .select({ ...colunas, usuarioId: notificacoes.usuarioId })
    .from(notificacoes)
    .where(and(inArray(notificacoes.usuarioId, [...usuarioIds]), gt(notificacoes.id, depoisDe)))
    .orderBy(notificacoes.id)
    .limit(500);
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
