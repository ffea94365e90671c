import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
