import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { linksCompartilhados as lc } from './schema';
import { vFotosPets as fotos } from '../meus-rastreadores/fotos/leitura';
import { vVinculos as ur } from '../meus-rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';

/** A link that still opens: not revoked and not past its expiry. */
const ativo = and(isNull(lc.revogadoEm), gt(lc.expiraEm, sql`now()`));

export async function criar(
  db: Executor,
  v: {
    usuarioRastreadorId: number;
    criadoPorUsuarioId: number;
    tokenHash: string;
    mensagem: string | null;
    compartilharTelefone: boolean;
    expiraEm: Date;
  },
) {
  const [row] = await db.insert(lc).values(v).returning({ id: lc.id, expiraEm: lc.expiraEm });
  if (!row) throw new Error('insert links_compartilhados returned nothing');
  return row;
}

/** The active links of one owner's link to a tracker, with who created each, soonest to expire first. */
export function ativos(db: Executor, usuarioRastreadorId: number) {
  return db
    .select({
      id: lc.id,
      criadoEm: lc.criadoEm,
      expiraEm: lc.expiraEm,
      mensagem: lc.mensagem,
      compartilharTelefone: lc.compartilharTelefone,
      criadoPorId: vUsuarios.id,
      criadoPorNome: vUsuarios.nome,
    })
    .from(lc)
    .leftJoin(vUsuarios, eq(vUsuarios.id, lc.criadoPorUsuarioId))
    .where(and(eq(lc.usuarioRastreadorId, usuarioRastreadorId), ativo))
    .orderBy(asc(lc.expiraEm), asc(lc.id));
}

/** How many active links the tracker has (lock the owner's link first: travarVinculo). */
export async function contarAtivos(db: Executor, usuarioRastreadorId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lc)
    .where(and(eq(lc.usuarioRastreadorId, usuarioRastreadorId), ativo));
  return row?.n ?? 0;
}

/** Revokes one link of this owner's link (once); undefined when it is not theirs. */
export async function revogar(db: Executor, usuarioRastreadorId: number, id: number) {
  const [row] = await db
    .update(lc)
    .set({ revogadoEm: sql`coalesce(${lc.revogadoEm}, now())` })
    .where(and(eq(lc.id, id), eq(lc.usuarioRastreadorId, usuarioRastreadorId)))
    .returning({ id: lc.id });
  return row;
}

/** Revokes every active link this user created for this owner's link; the ids revoked. */
export async function revogarDoCriador(db: Executor, usuarioRastreadorId: number, usuarioId: number) {
  const rows = await db
    .update(lc)
    .set({ revogadoEm: sql`now()` })
    .where(and(eq(lc.usuarioRastreadorId, usuarioRastreadorId), eq(lc.criadoPorUsuarioId, usuarioId), ativo))
    .returning({ id: lc.id });
  return rows.map((r) => r.id);
}

/**
 * A link by its token's hash, with the tracker it shows, the name its owner gave the pet, who
 * created it and whether they show their phone, and the version of the pet's photo (null without one).
 */
export async function porTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: lc.id,
      usuarioRastreadorId: ur.id,
      rastreadorId: ur.rastreadorId,
      descricao: ur.descricao,
      mensagem: lc.mensagem,
      compartilharTelefone: lc.compartilharTelefone,
      criadoPorUsuarioId: lc.criadoPorUsuarioId,
      fotoVersao: fotos.versao,
      expiraEm: lc.expiraEm,
      revogadoEm: lc.revogadoEm,
    })
    .from(lc)
    .innerJoin(ur, eq(ur.id, lc.usuarioRastreadorId))
    .leftJoin(fotos, eq(fotos.usuarioRastreadorId, ur.id))
    .where(eq(lc.tokenHash, tokenHash));
  return row;
}

/** Whether a link still opens now (the live stream checks on each notice it gets). */
export async function linkAtivo(db: Executor, id: number) {
  const [row] = await db
    .select({ id: lc.id })
    .from(lc)
    .where(and(eq(lc.id, id), ativo));
  return row !== undefined;
}
