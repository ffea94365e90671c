/** Dates of the public page, in São Paulo time, without the app's date library (the page stays small). */
const FUSO = 'America/Sao_Paulo';

const dataHora = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO, day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** '25/11, 14:30'. */
export const formatarDataHora = (iso: string) => dataHora.format(new Date(iso));

/** 'agora', 'há 3 min', 'há 2 h', 'há 5 dias'. */
export function haQuanto(iso: string, agora = Date.now()): string {
  const minutos = Math.floor((agora - new Date(iso).getTime()) / 60_000);
  if (minutos < 1) return 'agora';
  if (minutos < 60) return `há ${minutos} min`;
  const horas = Math.floor(minutos / 60);
  if (horas < 24) return `há ${horas} h`;
  const dias = Math.floor(horas / 24);
  return dias === 1 ? 'há 1 dia' : `há ${dias} dias`;
}
