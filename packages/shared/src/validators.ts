/** Validators shared by forms and the API (spec §5). Pure; no Node or browser APIs. */

export const onlyDigits = (v: string) => v.replace(/\D+/g, '');

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmailValido = (v: string) => EMAIL_RE.test(v.trim());

/**
 * Unicode control (Cc) and format (Cf) characters: line breaks and tabs, bidi controls (U+202E
 * shows "CASA‮gpj.exe" reversed), zero-width spaces and marks, the byte-order mark, soft hyphens,
 * tags. In a name they hide or reorder what others read (push titles, e-mails, the map).
 */
const INVISIVEIS = /[\p{Cc}\p{Cf}]/u;
/** The zero-width joiner between two emoji is part of one picture (🐕‍🦺, 👩🏽‍🚒), not hidden text. */
const JUNCAO_DE_EMOJI = /(\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;

/** Whether `v` holds a control or invisible character; `quebrasDeLinha` lets LF and CRLF through (multi-line texts). */
export function temCaracteresInvisiveis(v: string, quebrasDeLinha = false): boolean {
  const semEmoji = v.replace(JUNCAO_DE_EMOJI, '$1');
  return INVISIVEIS.test(quebrasDeLinha ? semEmoji.replace(/\r?\n/g, '') : semEmoji);
}

export interface DataSimples {
  ano: number;
  mes: number;
  dia: number;
}

/** Parses DD/MM/YYYY (year 1000-3000), rejecting impossible dates such as 31/02. */
export function parseData(v: string): DataSimples | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  if (!m) return null;
  const dia = Number(m[1]);
  const mes = Number(m[2]);
  const ano = Number(m[3]);
  if (ano < 1000 || ano > 3000 || mes < 1 || mes > 12 || dia < 1) return null;
  const diasNoMes = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  if (dia > diasNoMes) return null;
  return { ano, mes, dia };
}

export const isDataValida = (v: string) => parseData(v) !== null;

/** Parses HH:mm, 00:00-23:59. Returns minutes since midnight. */
export function parseHora(v: string): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec(v.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export const isHoraValida = (v: string) => parseHora(v) !== null;

/** Parses DD/MM/YYYY HH:mm. */
export function isDataHoraValida(v: string): boolean {
  const [d, h, ...rest] = v.trim().split(/\s+/);
  return rest.length === 0 && d !== undefined && h !== undefined && isDataValida(d) && isHoraValida(h);
}

/** Compares two dates as calendar days: negative when a < b. */
export const compararDatas = (a: DataSimples, b: DataSimples) =>
  a.ano * 10000 + a.mes * 100 + a.dia - (b.ano * 10000 + b.mes * 100 + b.dia);

export const dataDeDate = (d: Date): DataSimples => ({
  ano: d.getFullYear(),
  mes: d.getMonth() + 1,
  dia: d.getDate(),
});

/** Full years between a birth date and a reference day. */
export function idadeEmAnos(nascimento: DataSimples, hoje: DataSimples): number {
  let anos = hoje.ano - nascimento.ano;
  if (hoje.mes < nascimento.mes || (hoje.mes === nascimento.mes && hoje.dia < nascimento.dia)) anos -= 1;
  return anos;
}

const diaDaSemana = (d: DataSimples) => new Date(Date.UTC(d.ano, d.mes - 1, d.dia)).getUTCDay();
export const isDomingo = (d: DataSimples) => diaDaSemana(d) === 0;
export const isFimDeSemana = (d: DataSimples) => [0, 6].includes(diaDaSemana(d));

/** Days between two calendar days (b - a). */
export const diasEntre = (a: DataSimples, b: DataSimples) =>
  Math.round((Date.UTC(b.ano, b.mes - 1, b.dia) - Date.UTC(a.ano, a.mes - 1, a.dia)) / 86_400_000);

/** DataSimples → 'YYYY-MM-DD' (the wire format of plain dates). */
export const dataIso = (d: DataSimples) =>
  `${String(d.ano).padStart(4, '0')}-${String(d.mes).padStart(2, '0')}-${String(d.dia).padStart(2, '0')}`;

/** 'DD/MM/YYYY' → 'YYYY-MM-DD', or null. */
export function dataBrParaIso(v: string): string | null {
  const d = parseData(v);
  return d ? dataIso(d) : null;
}
