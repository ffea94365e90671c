import { FORMATO_DATA, FORMATO_DATA_HORA } from '@rastro/shared/constants';
import { dayjs } from './dayjs';

/** Dates arrive as ISO-8601 with offset and are shown in the app's time zone (docs/ARCHITECTURE.md §7). */
export const FUSO_HORARIO = 'America/Sao_Paulo';

const format = (iso: string | null | undefined, pattern: string): string => {
  if (!iso) return '';
  // A plain date ('YYYY-MM-DD') has no time to convert.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return dayjs(iso).format(pattern);
  const d = dayjs(iso);
  return d.isValid() ? d.tz(FUSO_HORARIO).format(pattern) : '';
};

/** 'DD/MM/YYYY HH:mm' in America/Sao_Paulo; '' when empty or invalid. */
export const formatarDataHora = (iso: string | null | undefined) => format(iso, FORMATO_DATA_HORA);

/** 'DD/MM/YYYY' in America/Sao_Paulo; '' when empty or invalid. */
export const formatarData = (iso: string | null | undefined) => format(iso, FORMATO_DATA);

/** 'HH:mm' in America/Sao_Paulo; '' when empty or invalid. */
export const formatarHora = (iso: string | null | undefined) => format(iso, 'HH:mm');

/** A latitude or longitude with 6 decimals (about 0.1 m), as the zone events show them. */
export const formatarCoordenada = (v: number) => v.toFixed(6);

/**
 * How long ago, as a phone shows it: 'agora', 'há 3 min', 'há 2 h', 'há 5 dias'; past a week the
 * date and time. '' when empty or invalid; a time in the future (a device clock ahead) reads 'agora'.
 */
export function formatarHaQuanto(iso: string | null | undefined, agora: Date = new Date()): string {
  if (!iso) return '';
  const d = dayjs(iso);
  if (!d.isValid()) return '';
  const minutos = Math.floor((agora.getTime() - d.valueOf()) / 60_000);
  if (minutos < 1) return 'agora';
  if (minutos < 60) return `há ${minutos} min`;
  const horas = Math.floor(minutos / 60);
  if (horas < 24) return `há ${horas} h`;
  const dias = Math.floor(horas / 24);
  if (dias < 7) return dias === 1 ? 'há 1 dia' : `há ${dias} dias`;
  return formatarDataHora(iso);
}
