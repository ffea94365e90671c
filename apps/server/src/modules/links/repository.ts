import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { linksCompartilhados } from './schema';
import { vFotosPets } from '../meus-rastreadores/fotos/leitura';
import { vVinculos } from '../meus-rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';

/** A link that still opens: not revoked and not past its expiry. */
const ativo = and(isNull(linksCompartilhados.revogadoEm), gt(linksCompartilhados.expiraEm, sql`now()`));

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
  const [row] = await db
    .insert(linksCompartilhados)
    .values(v)
    .returning({ id: linksCompartilhados.id, expiraEm: linksCompartilhados.expiraEm });
  if (!row) throw new Error('insert links_compartilhados returned nothing');
  return row;
}

/** The active links of one owner's link to a tracker, with who created each, soonest to expire first. */
export function ativos(db: Executor, usuarioRastreadorId: number) {
  return db
    .select({
      id: linksCompartilhados.id,
      criadoEm: linksCompartilhados.criadoEm,
      expiraEm: linksCompartilhados.expiraEm,
      mensagem: linksCompartilhados.mensagem,
      compartilharTelefone: linksCompartilhados.compartilharTelefone,
      criadoPorId: vUsuarios.id,
      criadoPorNome: vUsuarios.nome,
    })
    .from(linksCompartilhados)
    .leftJoin(vUsuarios, eq(vUsuarios.id, linksCompartilhados.criadoPorUsuarioId))
    .where(and(eq(linksCompartilhados.usuarioRastreadorId, usuarioRastreadorId), ativo))
    .orderBy(asc(linksCompartilhados.expiraEm), asc(linksCompartilhados.id));
}

/** How many active links the tracker has (lock the owner's link first: travarVinculo). */
export async function contarAtivos(db: Executor, usuarioRastreadorId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(linksCompartilhados)
    .where(and(eq(linksCompartilhados.usuarioRastreadorId, usuarioRastreadorId), ativo));
  return row?.n ?? 0;
}

/** Revokes one link of this owner's link (once); undefined when it is not theirs. */
export async function revogar(db: Executor, usuarioRastreadorId: number, id: number) {
  const [row] = await db
    .update(linksCompartilhados)
    .set({ revogadoEm: sql`coalesce(${linksCompartilhados.revogadoEm}, now())` })
    .where(and(eq(linksCompartilhados.id, id), eq(linksCompartilhados.usuarioRastreadorId, usuarioRastreadorId)))
    .returning({ id: linksCompartilhados.id });
  return row;
}

/** Revokes every active link this user created for this owner's link; the ids revoked. */
export async function revogarDoCriador(db: Executor, usuarioRastreadorId: number, usuarioId: number) {
  const rows = await db
    .update(linksCompartilhados)
    .set({ revogadoEm: sql`now()` })
    .where(
      and(eq(linksCompartilhados.usuarioRastreadorId, usuarioRastreadorId), eq(linksCompartilhados.criadoPorUsuarioId, usuarioId), ativo),
    )
    .returning({ id: linksCompartilhados.id });
  return rows.map((r) => r.id);
}

/**
 * A link by its token's hash, with the tracker it shows, the name its owner gave the pet, who
 * created it and whether they show their phone, and the version of the pet's photo (null without one).
 */
export async function porTokenHash(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: linksCompartilhados.id,
      usuarioRastreadorId: vVinculos.id,
      rastreadorId: vVinculos.rastreadorId,
      descricao: vVinculos.descricao,
      mensagem: linksCompartilhados.mensagem,
      compartilharTelefone: linksCompartilhados.compartilharTelefone,
      criadoPorUsuarioId: linksCompartilhados.criadoPorUsuarioId,
      fotoVersao: vFotosPets.versao,
      expiraEm: linksCompartilhados.expiraEm,
      revogadoEm: linksCompartilhados.revogadoEm,
    })
    .from(linksCompartilhados)
    .innerJoin(vVinculos, eq(vVinculos.id, linksCompartilhados.usuarioRastreadorId))
    .leftJoin(vFotosPets, eq(vFotosPets.usuarioRastreadorId, vVinculos.id))
    .where(eq(linksCompartilhados.tokenHash, tokenHash));
  return row;
}

/** Whether a link still opens now (the live stream checks on each notice it gets). */
export async function linkAtivo(db: Executor, id: number) {
  const [row] = await db
    .select({ id: linksCompartilhados.id })
    .from(linksCompartilhados)
    .where(and(eq(linksCompartilhados.id, id), ativo));
  return row !== undefined;
}
