import { and, gte, lt, sql, type AnyColumn } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { LIMITE_TOTAL_LOCALIZACOES } from '@rastro/shared/constants';
import { vRastreadores } from '../rastreadores/leitura';

export interface Periodo {
  inicio: Date;
  fimExclusivo: Date;
}

const noPeriodo = (col: AnyColumn, p: Periodo) => and(gte(col, p.inicio), lt(col, p.fimExclusivo));

/**
 * The four totals of the dashboard in one statement: one round trip, one snapshot. The screen
 * shows '+10000' past the limit, so counting positions stops one row beyond it, in a function that
 * keeps one plan however long the history grows (drizzle/0016_contar_localizacoes.sql). Plain SQL text:
 * built from drizzle's column objects, the statement cost the dashboard more CPU than running it.
 */
export async function totalizadores(db: Executor, p: Periodo) {
  const de = p.inicio.toISOString();
  const ate = p.fimExclusivo.toISOString();
  const [r] = await consultar<{ totalUsuarios: number; totalRastreadores: number; totalLocalizacoes: number; totalChips: number }>(
    db,
    sql`select
      (select count(*)::int from v_usuarios where data_cadastro >= ${de}::timestamptz and data_cadastro < ${ate}::timestamptz) as "totalUsuarios",
      (select count(*)::int from v_rastreadores where data_cadastro >= ${de}::timestamptz and data_cadastro < ${ate}::timestamptz) as "totalRastreadores",
      (select count(*)::int from v_chips where data_cadastro >= ${de}::timestamptz and data_cadastro < ${ate}::timestamptz) as "totalChips",
      rastro_contar_localizacoes(${de}::timestamptz, ${ate}::timestamptz, ${LIMITE_TOTAL_LOCALIZACOES + 1}) as "totalLocalizacoes"`,
  );
  return {
    totalUsuarios: r?.totalUsuarios ?? 0,
    totalRastreadores: r?.totalRastreadores ?? 0,
    totalLocalizacoes: r?.totalLocalizacoes ?? 0,
    totalChips: r?.totalChips ?? 0,
  };
}

export async function porSituacao(db: Executor, p: Periodo) {
  return db
    .select({ situacao: vRastreadores.situacaoEfetiva, n: sql<number>`count(*)::int` })
    .from(vRastreadores)
    .where(noPeriodo(vRastreadores.dataCadastro, p))
    .groupBy(vRastreadores.situacaoEfetiva);
}

export async function porSituacaoEnergia(db: Executor, p: Periodo) {
  return db
    .select({ situacao: vRastreadores.situacaoEnergia, n: sql<number>`count(*)::int` })
    .from(vRastreadores)
    .where(noPeriodo(vRastreadores.dataCadastro, p))
    .groupBy(vRastreadores.situacaoEnergia);
}
