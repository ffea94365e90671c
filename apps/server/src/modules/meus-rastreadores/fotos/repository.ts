import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { fotosPets } from './schema';

/** Keeps (or replaces) the photo of an owner's link. */
export async function guardar(db: Executor, usuarioRastreadorId: number, imagem: Buffer, versao: string) {
  await db
    .insert(fotosPets)
    .values({ usuarioRastreadorId, imagem, versao })
    .onConflictDoUpdate({ target: fotosPets.usuarioRastreadorId, set: { imagem, versao, atualizadoEm: sql`now()` } });
}

/** The photo of an owner's link, if it has one, whoever asks (a share link's page checks its token first). */
export async function fotoDoVinculo(db: Executor, usuarioRastreadorId: number) {
  const [row] = await db
    .select({ imagem: fotosPets.imagem, versao: fotosPets.versao })
    .from(fotosPets)
    .where(eq(fotosPets.usuarioRastreadorId, usuarioRastreadorId));
  return row;
}

/** Drops the photo of an owner's link; whether there was one. */
export async function remover(db: Executor, usuarioRastreadorId: number) {
  const rows = await db.delete(fotosPets).where(eq(fotosPets.usuarioRastreadorId, usuarioRastreadorId)).returning({ v: fotosPets.versao });
  return rows.length > 0;
}
