/**
 * Dates and numbers of the public page, written by hand in the viewer's own time: no Intl here. The
 * first Intl object a page makes loads ICU's data, ~45 ms on this machine's Chromium before any
 * throttling (docs/adr/0020-o-que-roda-antes-da-primeira-pintura.md), and whoever opens a lost pet's
 * link is usually where the pet is, so their clock is the one that reads right.
 */
const doisDigitos = (n: number) => String(n).padStart(2, '0');

/** '25/11, 14:30', in the viewer's time zone. */
export function formatarDataHora(iso: string): string {
  const d = new Date(iso);
  return `${doisDigitos(d.getDate())}/${doisDigitos(d.getMonth() + 1)}, ${doisDigitos(d.getHours())}:${doisDigitos(d.getMinutes())}`;
}

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

/** How far off the position may be: 'Precisão de ~20 m', 'Precisão de ~1,5 km'. */
export function precisao(metros: number): string {
  if (metros < 1000) return `Precisão de ~${Math.max(1, Math.round(metros))} m`;
  const km = Math.round(metros / 100) / 10;
  return `Precisão de ~${Number.isInteger(km) ? km : km.toFixed(1).replace('.', ',')} km`;
}

/** A Brazilian phone's digits as people write them: '(11) 9 8888-7777', '(11) 3333-4444'; other lengths as they came. */
export function telefone(digitos: string): string {
  // As formatarTelefone (packages/shared/src/formatters.ts) writes it everywhere else, without its dependency.
  const m = /^(\d{2})(\d?)(\d{4})(\d{4})$/.exec(digitos);
  if (!m) return digitos;
  return `(${m[1]}) ${m[2] ? `${m[2]} ` : ''}${m[3]}-${m[4]}`;
}

/** The tap-to-call address of a Brazilian phone (with the country code, so it dials from any phone). */
export const linkDeLigacao = (digitos: string) => `tel:+55${digitos}`;
