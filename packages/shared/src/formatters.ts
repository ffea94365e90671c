import { formatPhone } from '@brazilian-utils/brazilian-utils';
import { onlyDigits } from './validators';

/** Display formatters shared by the screens (and anything else that shows these values). */

/**
 * A phone as the forms' masks write it (spec: '(99) 9 9999-9999'), so a number reads the same
 * in a form, a list, a select and a confirmation: `(11) 9 8765-4321`, `(11) 3000-0000`; '' when
 * empty. Other lengths (a number cut short) as brazilian-utils masks them.
 */
export function formatarTelefone(v: string | null | undefined): string {
  if (!v) return '';
  const d = onlyDigits(v);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 3)} ${d.slice(3, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return formatPhone(v, { mask: 'auto' });
}

const REAIS = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 29,90" from 2990 integer centavos (money is never a float in Rastro; only its text is made here). */
export function formatarCentavos(centavos: number): string {
  return REAIS.format(centavos / 100).replace(/\u00a0/g, ' ');
}

/** "28/11/2026" from "2026-11-28" (a calendar day, no timezone involved). */
export function formatarDia(dia: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dia);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : dia;
}
