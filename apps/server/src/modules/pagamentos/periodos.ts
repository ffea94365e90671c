/**
 * Calendar days of the billing periods, as `YYYY-MM-DD` strings in the server's timezone. The
 * periods of a subscription keep the day it started on (its anchor): the k-th starts k months (or
 * years) after it, on the last day of a month too short for it (31 Jan, 28 Feb, 31 Mar…), and each
 * ends the day before the next starts: no gap, no overlap, and the due day does not drift.
 */
export type Periodo = 'MENSAL' | 'ANUAL';

const doDia = (dia: string) => {
  const [a, m, d] = dia.split('-').map(Number);
  return new Date(Date.UTC(a ?? 0, (m ?? 1) - 1, d ?? 1));
};
const paraDia = (t: Date) => t.toISOString().slice(0, 10);

/** `dia` plus `n` days (n may be negative). */
export function somarDias(dia: string, n: number): string {
  const t = doDia(dia);
  t.setUTCDate(t.getUTCDate() + n);
  return paraDia(t);
}

/** The start of the k-th period (k = 0 is the anchor itself). */
export function inicioDoPeriodo(ancora: string, periodo: Periodo, k: number): string {
  const t = doDia(ancora);
  const alvo = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + k * (periodo === 'MENSAL' ? 1 : 12), 1));
  const ultimoDoMes = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
  alvo.setUTCDate(Math.min(t.getUTCDate(), ultimoDoMes));
  return paraDia(alvo);
}

/** The period of this anchor that contains `dia` (the first one if `dia` is before the anchor). */
export function periodoQueContem(ancora: string, periodo: Periodo, dia: string): { k: number; inicio: string; fim: string } {
  const a = doDia(ancora);
  const d = doDia(dia);
  const meses = (d.getUTCFullYear() - a.getUTCFullYear()) * 12 + d.getUTCMonth() - a.getUTCMonth();
  let k = Math.max(0, Math.floor(meses / (periodo === 'MENSAL' ? 1 : 12)) - 1);
  while (inicioDoPeriodo(ancora, periodo, k + 1) <= dia) k++;
  return { k, inicio: inicioDoPeriodo(ancora, periodo, k), fim: somarDias(inicioDoPeriodo(ancora, periodo, k + 1), -1) };
}

/** Today in `timezone`, as `YYYY-MM-DD`. */
export function hojeEm(timezone: string, agora = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(agora);
}
