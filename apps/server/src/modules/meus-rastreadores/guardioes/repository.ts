import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { guardioes } from './schema';
import { vVinculos } from '../leitura';
import { vUsuarios } from '../../usuarios/leitura';

/** An accepted guardian, or an invite still good. */
const vigente = or(isNotNull(guardioes.usuarioId), and(isNull(guardioes.aceitoEm), gt(guardioes.expiraEm, sql`now()`)));

/** Guardians and live invites of an owner's link (lock the link first: travarVinculo). */
export async function contarVigentes(db: Executor, vinculoId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(guardioes)
    .where(and(eq(guardioes.usuarioRastreadorId, vinculoId), vigente));
  return row?.n ?? 0;
}

/** Whether this e-mail already guards the link or has a live invite to it. */
export async function emailJaConvidado(db: Executor, vinculoId: number, email: string) {
  const [row] = await db
    .select({ id: guardioes.id })
    .from(guardioes)
    .leftJoin(vUsuarios, eq(vUsuarios.id, guardioes.usuarioId))
    .where(
      and(
        eq(guardioes.usuarioRastreadorId, vinculoId),
        or(and(isNull(guardioes.usuarioId), vigente, sql`lower(${guardioes.email}) = ${email}`), sql`lower(${vUsuarios.email}) = ${email}`),
      ),
    );
  return row !== undefined;
}

export async function criar(db: Executor, v: { usuarioRastreadorId: number; email: string; tokenHash: string; expiraEm: Date }) {
  const [row] = await db.insert(guardioes).values(v).returning({ id: guardioes.id });
  if (!row) throw new Error('insert guardioes returned nothing');
  return row.id;
}

/** Guardians (with their name and account e-mail) and live invites of a link, oldest first. */
export function listar(db: Executor, vinculoId: number) {
  return db
    .select({
      id: guardioes.id,
      email: sql<string>`coalesce(${vUsuarios.email}, ${guardioes.email})`,
      nome: vUsuarios.nome,
      usuarioId: guardioes.usuarioId,
      dataCadastro: guardioes.dataCadastro,
      expiraEm: guardioes.expiraEm,
    })
    .from(guardioes)
    .leftJoin(vUsuarios, eq(vUsuarios.id, guardioes.usuarioId))
    .where(and(eq(guardioes.usuarioRastreadorId, vinculoId), vigente))
    .orderBy(guardioes.id);
}

export async function porId(db: Executor, vinculoId: number, id: number) {
  const [row] = await db
    .select({ id: guardioes.id, usuarioId: guardioes.usuarioId })
    .from(guardioes)
    .where(and(eq(guardioes.id, id), eq(guardioes.usuarioRastreadorId, vinculoId)));
  return row;
}

export async function remover(db: Executor, id: number) {
  await db.delete(guardioes).where(eq(guardioes.id, id));
}

/** An invite by its token's hash, locked until the transaction ends (one acceptance wins). */
export async function porTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: guardioes.id,
      vinculoId: guardioes.usuarioRastreadorId,
      usuarioId: guardioes.usuarioId,
      aceitoEm: guardioes.aceitoEm,
      expiraEm: guardioes.expiraEm,
      donoId: vVinculos.usuarioId,
      rastreadorId: vVinculos.rastreadorId,
    })
    .from(guardioes)
    .innerJoin(vVinculos, eq(vVinculos.id, guardioes.usuarioRastreadorId))
    .where(eq(guardioes.tokenHash, tokenHash))
    .for('update', { of: guardioes });
  return row;
}

/** Whether the user already guards this link (through another invite). */
export async function jaGuarda(db: Executor, vinculoId: number, usuarioId: number) {
  const [row] = await db
    .select({ id: guardioes.id })
    .from(guardioes)
    .where(and(eq(guardioes.usuarioRastreadorId, vinculoId), eq(guardioes.usuarioId, usuarioId)));
  return row !== undefined;
}

export async function aceitar(db: Executor, id: number, usuarioId: number) {
  await db
    .update(guardioes)
    .set({ usuarioId, aceitoEm: sql`now()` })
    .where(eq(guardioes.id, id));
}

/** The row that makes this user a guardian of the link (to leave it). */
export async function doUsuario(db: Executor, vinculoId: number, usuarioId: number) {
  const [row] = await db
    .select({ id: guardioes.id, usuarioId: guardioes.usuarioId })
    .from(guardioes)
    .where(and(eq(guardioes.usuarioRastreadorId, vinculoId), eq(guardioes.usuarioId, usuarioId)));
  return row;
}
