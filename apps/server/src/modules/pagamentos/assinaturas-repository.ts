import { and, asc, desc, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ehGuardiao } from '../meus-rastreadores/guardioes/sql';
import { vVinculos } from '../meus-rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';
import { assinaturas, planos } from './schema';

const colunas = {
  id: assinaturas.id,
  usuarioRastreadorId: assinaturas.usuarioRastreadorId,
  usuarioId: assinaturas.usuarioId,
  pet: sql<string>`coalesce(${vVinculos.descricao}, ${assinaturas.pet})`,
  planoId: assinaturas.planoId,
  plano: planos.nome,
  valorCentavos: assinaturas.valorCentavos,
  periodo: assinaturas.periodo,
  diasCarencia: assinaturas.diasCarencia,
  forma: assinaturas.forma,
  situacao: assinaturas.situacao,
  inicio: assinaturas.inicio,
  pagoAte: assinaturas.pagoAte,
  cancelarNoFim: assinaturas.cancelarNoFim,
  idRec: assinaturas.idRec,
  autorizacao: assinaturas.autorizacao,
};

const base = (db: Executor) =>
  db
    .select(colunas)
    .from(assinaturas)
    .innerJoin(planos, eq(planos.id, assinaturas.planoId))
    .leftJoin(vVinculos, eq(vVinculos.id, assinaturas.usuarioRastreadorId));

export type LinhaAssinatura = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** The subscriptions this user pays or, as a guardian, watches; the cancelled ones too, newest first. */
export function assinaturasVisiveis(db: Executor, usuarioId: number) {
  return base(db)
    .where(or(eq(assinaturas.usuarioId, usuarioId), ehGuardiao(assinaturas.usuarioRastreadorId, usuarioId)))
    .orderBy(desc(assinaturas.id));
}

/** One subscription, if this user sees it (its owner, or a guardian of its pet). */
export async function assinaturaVisivel(db: Executor, usuarioId: number, id: number) {
  const [row] = await base(db).where(
    and(eq(assinaturas.id, id), or(eq(assinaturas.usuarioId, usuarioId), ehGuardiao(assinaturas.usuarioRastreadorId, usuarioId))),
  );
  return row;
}

export async function buscarAssinatura(db: Executor, id: number) {
  const [row] = await base(db).where(eq(assinaturas.id, id));
  return row;
}

/** Locks the subscription until the transaction ends (a settlement and the billing round go in turn). */
export async function travarAssinatura(db: Executor, id: number) {
  const [row] = await db.select().from(assinaturas).where(eq(assinaturas.id, id)).for('update');
  return row;
}

export async function inserirAssinatura(db: Executor, v: typeof assinaturas.$inferInsert) {
  const [row] = await db.insert(assinaturas).values(v).onConflictDoNothing().returning({ id: assinaturas.id });
  return row?.id;
}

export async function atualizarAssinatura(db: Executor, id: number, v: Partial<typeof assinaturas.$inferInsert>) {
  await db.update(assinaturas).set(v).where(eq(assinaturas.id, id));
}

/** The subscription in force (not cancelled) of these links, by link id. */
export function vigentesDosVinculos(db: Executor, vinculoIds: readonly number[]) {
  return db
    .select({ id: assinaturas.id, usuarioRastreadorId: assinaturas.usuarioRastreadorId, situacao: assinaturas.situacao })
    .from(assinaturas)
    .where(and(inArray(assinaturas.usuarioRastreadorId, [...vinculoIds]), ne(assinaturas.situacao, 'CANCELADA')));
}

/** Who pays (the receipt's addressee). */
export async function nomeEEmail(db: Executor, usuarioId: number) {
  const [row] = await db.select({ nome: vUsuarios.nome, email: vUsuarios.email }).from(vUsuarios).where(eq(vUsuarios.id, usuarioId));
  return row;
}

/** Pix Automático: the subscription of a recurrence (a '/rec' notification names it by idRec). */
export async function assinaturaPorIdRec(db: Executor, idRec: string) {
  const [row] = await db
    .select({
      id: assinaturas.id,
      usuarioId: assinaturas.usuarioId,
      usuarioRastreadorId: assinaturas.usuarioRastreadorId,
      pet: assinaturas.pet,
      autorizacao: assinaturas.autorizacao,
    })
    .from(assinaturas)
    .where(eq(assinaturas.idRec, idRec))
    .for('update');
  return row;
}

/** Pix Automático: authorisations still awaited since before `antes` (their notification may have been lost). */
export function autorizacoesParaConciliar(db: Executor, antes: Date, limite: number) {
  return db
    .select({ idRec: sql<string>`${assinaturas.idRec}` })
    .from(assinaturas)
    .where(and(eq(assinaturas.autorizacao, 'AGUARDANDO'), lt(assinaturas.autorizacaoEm, antes)))
    .orderBy(asc(assinaturas.autorizacaoEm))
    .limit(limite);
}
