import { and, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chips, localizacoes, rastreadores, usuarios } from '../../db/schema';
import { LIMITE_TOTAL_LOCALIZACOES } from '@rastro/shared/constants';
import { situacaoEfetiva } from '../rastreadores/sql';

export interface Periodo {
  inicio: Date;
  fimExclusivo: Date;
}

const noPeriodo = (col: AnyColumn, p: Periodo) => and(gte(col, p.inicio), lt(col, p.fimExclusivo));
const contar = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;

export async function totalizadores(db: Executor, p: Periodo) {
  const n = sql<number>`count(*)::int`;
  const [totalUsuarios, totalRastreadores, totalChips, totalLocalizacoes] = await Promise.all([
    contar(db.select({ n }).from(usuarios).where(noPeriodo(usuarios.dataCadastro, p))),
    contar(db.select({ n }).from(rastreadores).where(noPeriodo(rastreadores.dataCadastro, p))),
    contar(db.select({ n }).from(chips).where(noPeriodo(chips.dataCadastro, p))),
    // The screen shows '+10000' past the limit, so counting stops one row beyond it.
    contar(
      db
        .select({ n })
        .from(db.select({ x: sql`1`.as('x') }).from(localizacoes).where(noPeriodo(localizacoes.dataHora, p)).limit(LIMITE_TOTAL_LOCALIZACOES + 1).as('l')),
    ),
  ]);
  return { totalUsuarios, totalRastreadores, totalLocalizacoes, totalChips };
}

export async function porSituacao(db: Executor, p: Periodo) {
  return db
    .select({ situacao: situacaoEfetiva, n: sql<number>`count(*)::int` })
    .from(rastreadores)
    .where(noPeriodo(rastreadores.dataCadastro, p))
    // By position: drizzle qualifies the columns of the expression differently in GROUP BY.
    .groupBy(sql`1`);
}

export async function porSituacaoEnergia(db: Executor, p: Periodo) {
  return db
    .select({ situacao: rastreadores.situacaoEnergia, n: sql<number>`count(*)::int` })
    .from(rastreadores)
    .where(noPeriodo(rastreadores.dataCadastro, p))
    .groupBy(rastreadores.situacaoEnergia);
}
