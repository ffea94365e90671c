import { and, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { guardioes as g } from './schema';
import { vVinculos as ur } from '../leitura';
import { vUsuarios as usuarios } from '../../usuarios/leitura';

/** An accepted guardian, or an invite still good. */
const vigente = or(isNotNull(g.usuarioId), and(isNull(g.aceitoEm), gt(g.expiraEm, sql`now()`)));

/** Guardians and live invites of an owner's link (lock the link first: travarVinculo). */
export async function contarVigentes(db: Executor, vinculoId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(g)
    .where(and(eq(g.usuarioRastreadorId, vinculoId), vigente));
  return row?.n ?? 0;
}

/** Whether this e-mail already guards the link or has a live invite to it. */
export async function emailJaConvidado(db: Executor, vinculoId: number, email: string) {
  const [row] = await db
    .select({ id: g.id })
    .from(g)
    .leftJoin(usuarios, eq(usuarios.id, g.usuarioId))
    .where(
      and(
        eq(g.usuarioRastreadorId, vinculoId),
        or(and(isNull(g.usuarioId), vigente, sql`lower(${g.email}) = ${email}`), sql`lower(${usuarios.email}) = ${email}`),
      ),
    );
  return row !== undefined;
}

export async function criar(db: Executor, v: { usuarioRastreadorId: number; email: string; tokenHash: string; expiraEm: Date }) {
  const [row] = await db.insert(g).values(v).returning({ id: g.id });
  if (!row) throw new Error('insert guardioes returned nothing');
  return row.id;
}

/** Guardians (with their name and account e-mail) and live invites of a link, oldest first. */
export function listar(db: Executor, vinculoId: number) {
  return db
    .select({
      id: g.id,
      email: sql<string>`coalesce(${usuarios.email}, ${g.email})`,
      nome: usuarios.nome,
      usuarioId: g.usuarioId,
      dataCadastro: g.dataCadastro,
      expiraEm: g.expiraEm,
    })
    .from(g)
    .leftJoin(usuarios, eq(usuarios.id, g.usuarioId))
    .where(and(eq(g.usuarioRastreadorId, vinculoId), vigente))
    .orderBy(g.id);
}

export async function porId(db: Executor, vinculoId: number, id: number) {
  const [row] = await db
    .select({ id: g.id, usuarioId: g.usuarioId })
    .from(g)
    .where(and(eq(g.id, id), eq(g.usuarioRastreadorId, vinculoId)));
  return row;
}

export async function remover(db: Executor, id: number) {
  await db.delete(g).where(eq(g.id, id));
}

/** An invite by its token's hash, locked until the transaction ends (one acceptance wins). */
export async function porTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: g.id,
      vinculoId: g.usuarioRastreadorId,
      usuarioId: g.usuarioId,
      aceitoEm: g.aceitoEm,
      expiraEm: g.expiraEm,
      donoId: ur.usuarioId,
      rastreadorId: ur.rastreadorId,
    })
    .from(g)
    .innerJoin(ur, eq(ur.id, g.usuarioRastreadorId))
    .where(eq(g.tokenHash, tokenHash))
    .for('update', { of: g });
  return row;
}

/** Whether the user already guards this link (through another invite). */
export async function jaGuarda(db: Executor, vinculoId: number, usuarioId: number) {
  const [row] = await db
    .select({ id: g.id })
    .from(g)
    .where(and(eq(g.usuarioRastreadorId, vinculoId), eq(g.usuarioId, usuarioId)));
  return row !== undefined;
}

export async function aceitar(db: Executor, id: number, usuarioId: number) {
  await db
    .update(g)
    .set({ usuarioId, aceitoEm: sql`now()` })
    .where(eq(g.id, id));
}

/** The row that makes this user a guardian of the link (to leave it). */
export async function doUsuario(db: Executor, vinculoId: number, usuarioId: number) {
  const [row] = await db
    .select({ id: g.id, usuarioId: g.usuarioId })
    .from(g)
    .where(and(eq(g.usuarioRastreadorId, vinculoId), eq(g.usuarioId, usuarioId)));
  return row;
}
