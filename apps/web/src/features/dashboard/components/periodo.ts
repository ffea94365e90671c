import { JANELA_DASHBOARD_DIAS } from '@rastro/shared/constants';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { parseData } from '@rastro/shared/validators';
import { dayjs } from '@/lib/dayjs';

export type Periodo = Required<RelatorioQuery>;

const ISO = 'YYYY-MM-DD';

/** The spec's default window: the last 31 days up to today. */
export function periodoPadrao(hoje = dayjs()): Periodo {
  return { dataInicial: hoje.subtract(JANELA_DASHBOARD_DIAS, 'day').format(ISO), dataFinal: hoje.format(ISO) };
}

/** 'YYYY-MM-DD' of a real calendar day. */
export function isDataIso(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m !== null && parseData(`${m[3]}/${m[2]}/${m[1]}`) !== null;
}

/** Both dates valid and in order. */
export const isPeriodoValido = (p: Periodo) => isDataIso(p.dataInicial) && isDataIso(p.dataFinal) && p.dataInicial <= p.dataFinal;
