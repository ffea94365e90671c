const ESPECIAIS = /[\\\t\n\r]/;

/**
 * A row of PostgreSQL's COPY text format: tab-separated, `\N` for null, a backslash, tab, newline
 * or carriage return inside a value escaped (https://www.postgresql.org/docs/current/sql-copy.html).
 */
export function linhaDeCopy(valores: readonly (number | string | boolean | Date | null | undefined)[]): string {
  let s = '';
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i];
    if (i > 0) s += '\t';
    if (v === null || v === undefined) s += '\\N';
    else if (typeof v === 'number') s += Number.isFinite(v) ? String(v) : '\\N';
    else if (typeof v === 'boolean') s += v ? 't' : 'f';
    else if (v instanceof Date) s += v.toISOString();
    else if (!ESPECIAIS.test(v)) s += v;
    else s += v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
  }
  return `${s}\n`;
}
