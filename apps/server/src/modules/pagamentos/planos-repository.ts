import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { planos } from './schema';

export type LinhaPlano = typeof planos.$inferSelect;
export type ValoresPlano = Pick<LinhaPlano, 'nome' | 'descricao' | 'valorCentavos' | 'periodo' | 'diasCarencia'>;

/** Active plans, cheapest first; with `inativos`, every plan (active first). */
export function listarPlanos(db: Executor, inativos: boolean) {
  return db
    .select()
    .from(planos)
    .where(inativos ? undefined : eq(planos.ativo, true))
    .orderBy(desc(planos.ativo), asc(planos.valorCentavos), asc(planos.id));
}

export async function buscarPlano(db: Executor, id: number) {
  const [row] = await db.select().from(planos).where(eq(planos.id, id));
  return row;
}

export async function inserirPlano(db: Executor, v: ValoresPlano & { usuarioCadastroId: number | null }) {
  const [row] = await db.insert(planos).values(v).returning();
  if (!row) throw new Error('insert planos returned nothing');
  return row;
}

/** Changes the plan (active or not): the subscriptions already made keep their own price. */
export async function atualizarPlano(db: Executor, id: number, v: ValoresPlano) {
  const [row] = await db.update(planos).set(v).where(eq(planos.id, id)).returning();
  return row;
}

/** Deactivates: no new subscription on it; undefined when there is no such plan. */
export async function desativarPlano(db: Executor, id: number) {
  const [row] = await db
    .update(planos)
    .set({ ativo: false })
    .where(and(eq(planos.id, id)))
    .returning();
  return row;
}
