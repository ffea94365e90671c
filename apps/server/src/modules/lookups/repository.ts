import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cidades, estados, viaCepCache } from './schema';

export const listarEstados = (db: Executor) =>
  db.select({ id: estados.id, nome: estados.nome, uf: estados.uf }).from(estados).orderBy(asc(estados.nome));

export const listarCidades = (db: Executor, estadoId: number) =>
  db.select({ id: cidades.id, nome: cidades.nome }).from(cidades).where(eq(cidades.estadoId, estadoId)).orderBy(asc(cidades.nome));

export async function idsPorIbge(db: Executor, uf: string, codigoIbge: number | null) {
  const [estado] = await db.select({ id: estados.id }).from(estados).where(eq(estados.uf, uf));
  const [cidade] = codigoIbge !== null ? await db.select({ id: cidades.id }).from(cidades).where(eq(cidades.codigoIbge, codigoIbge)) : [];
  return { estadoId: estado?.id ?? null, cidadeId: cidade?.id ?? null };
}

export async function lerCache(db: Executor, cep: string) {
  const [row] = await db.select({ resposta: viaCepCache.resposta }).from(viaCepCache).where(eq(viaCepCache.cep, cep));
  return row?.resposta;
}

export async function gravarCache(db: Executor, cep: string, resposta: Record<string, unknown>) {
  await db
    .insert(viaCepCache)
    .values({ cep, resposta })
    .onConflictDoUpdate({ target: viaCepCache.cep, set: { resposta, consultadoEm: new Date() } });
}
