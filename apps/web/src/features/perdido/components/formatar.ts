import { LINK_COMPARTILHADO, MODO_PERDIDO } from '@rastro/shared/constants';
import type { SelectOption } from '@/components/form/SelectControl';
import { dayjs } from '@/lib/dayjs';
import { FUSO_HORARIO } from '@/lib/format';

/** '1 hora', '6 horas'. */
export const rotuloHoras = (horas: number) => (horas === 1 ? '1 hora' : `${horas} horas`);

/** 1 to 24 hours, as the lost-mode select offers them. */
export const OPCOES_HORAS_PERDIDO: readonly SelectOption[] = Array.from(
  { length: MODO_PERDIDO.horasMax - MODO_PERDIDO.horasMin + 1 },
  (_, i) => ({ value: MODO_PERDIDO.horasMin + i, label: rotuloHoras(MODO_PERDIDO.horasMin + i) }),
);

/** How long a share link lasts (hours), from 1 hour to the server's 7 days. */
export const OPCOES_VALIDADE_LINK: readonly SelectOption[] = [
  { value: 1, label: '1 hora' },
  { value: 6, label: '6 horas' },
  { value: 24, label: '24 horas' },
  { value: 72, label: '3 dias' },
  { value: LINK_COMPARTILHADO.horasMax, label: '7 dias' },
];

/**
 * An end time as the owner reads it in São Paulo: '20:30' when it is today, '26/11 20:30' when
 * not; '' when invalid.
 */
export function horaDoFim(iso: string, agora: Date = new Date()): string {
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  const fim = d.tz(FUSO_HORARIO);
  const hoje = dayjs(agora).tz(FUSO_HORARIO);
  return fim.format(fim.isSame(hoje, 'day') ? 'HH:mm' : 'DD/MM HH:mm');
}
