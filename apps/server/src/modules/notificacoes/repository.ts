import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { literalDeArray } from '../../db/arrays';
import { notificacoes } from '../../db/schema';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem } from '../../db/listas';

const colunas = {
  id: notificacoes.id,
  dataCadastro: notificacoes.dataCadastro,
  descricao: notificacoes.descricao,
  lida: notificacoes.lida,
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

export async function inserir(db: Executor, n: { usuarioId: number; rastreadorId: number; descricao: string }) {
  await db.insert(notificacoes).values(n);
}

export async function inserirVarias(db: Executor, lista: readonly { usuarioId: number; rastreadorId: number; descricao: string }[]) {
  if (lista.length > 0) await db.insert(notificacoes).values([...lista]);
}

/** The advisory lock's first key: one tracker's alarms (second key: its id) are decided one at a time. */
const TRAVA_ALARMES = 0x616c6d; // 'alm'

/**
 * Until the transaction ends, no other connection or instance decides an alarm of this tracker:
 * "is there a notification of this kind in the window?" and the insert that follows are atomic.
 */
export async function travarAlarmes(tx: Executor, rastreadorId: number) {
  await consultar(tx, sql`select pg_advisory_xact_lock(${TRAVA_ALARMES}::int, ${rastreadorId}::int)`);
}

/** Each user's notification of this tracker and kind opened less than `janelaMs` ago, if any. */
export function abertasNaJanela(tx: Executor, rastreadorId: number, tipo: string, usuarioIds: readonly number[], janelaMs: number) {
  return consultar<{ id: number; usuarioId: number; contagem: number }>(
    tx,
    sql`select distinct on (usuario_id) id::float8 as id, usuario_id as "usuarioId", contagem
        from notificacoes
        where rastreador_id = ${rastreadorId} and tipo = ${tipo} and usuario_id = any(${literalDeArray(usuarioIds)}::int[])
          and data_cadastro > now() - ${janelaMs}::int * interval '1 millisecond'
        order by usuario_id, data_cadastro desc`,
  );
}

/** Repeats counted into existing notifications: the new count and text, unread again. */
export async function somarRepeticoes(tx: Executor, lista: readonly { id: number; contagem: number; descricao: string }[]) {
  if (lista.length === 0) return;
  await consultar(
    tx,
    sql`update notificacoes n set contagem = v.contagem, descricao = v.descricao, ultima_em = now(), lida = false
        from unnest(${literalDeArray(lista.map((l) => l.id))}::bigint[], ${literalDeArray(lista.map((l) => l.contagem))}::int[],
          ${literalDeArray(lista.map((l) => l.descricao))}::varchar[]) as v(id, contagem, descricao)
        where n.id = v.id`,
  );
}

export async function inserirDoTipo(
  tx: Executor,
  lista: readonly { usuarioId: number; rastreadorId: number; descricao: string; tipo: string }[],
) {
  if (lista.length > 0) await tx.insert(notificacoes).values([...lista]);
}
