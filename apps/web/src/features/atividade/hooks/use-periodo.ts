import { useMemo } from 'react';
import { FUSO_HORARIO } from '@/lib/format';

/** Days in the product's time zone, both ends included ('YYYY-MM-DD'). */
export interface Periodo {
  dataInicial: string;
  dataFinal: string;
}

const DIA_MS = 86_400_000;
const hojeFmt = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO_HORARIO, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in São Paulo, 'YYYY-MM-DD'. */
export const hojeEmSaoPaulo = (agora: Date = new Date()) => hojeFmt.format(agora);

/** The `dias` days ending on `dataFinal` ('YYYY-MM-DD', included). */
export function diasAte(dataFinal: string, dias: number): Periodo {
  const dataInicial = new Date(Date.parse(`${dataFinal}T00:00:00Z`) - (dias - 1) * DIA_MS).toISOString().slice(0, 10);
  return { dataInicial, dataFinal };
}

/** The last `dias` days up to today, stable for the day (a new object only when the day or the length changes). */
export function usePeriodo(dias: number): Periodo {
  const hoje = hojeEmSaoPaulo();
  return useMemo(() => diasAte(hoje, dias), [hoje, dias]);
}
