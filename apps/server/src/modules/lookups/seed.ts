import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cidades, estados } from './schema';

/** The states and municipalities (IBGE), once: skipped when there are cities already. */
export async function seedLocalidades(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cidades);
  if (n > 0) return;
  const ufs = getStates();
  await db
    .insert(estados)
    .values(ufs.map((s) => ({ nome: s.name, uf: s.code, codigoIbge: s.ibgeCode })))
    .onConflictDoNothing();
  const idPorUf = new Map((await db.select({ id: estados.id, uf: estados.uf }).from(estados)).map((e) => [e.uf, e.id] as const));
  const linhas = getMunicipalities().map((m) => {
    const estadoId = idPorUf.get(m.stateCode);
    if (estadoId === undefined) throw new Error(`UF desconhecida: ${m.stateCode}`);
    return { nome: m.name, estadoId, codigoIbge: Number(m.code) };
  });
  for (let i = 0; i < linhas.length; i += 1000) {
    await db
      .insert(cidades)
      .values(linhas.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}
