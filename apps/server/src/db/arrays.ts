/**
 * A PostgreSQL array literal (`{1,NULL,"GPS"}`) built in one pass, for `unnest()` inserts: one
 * text parameter per column instead of node-postgres escaping every element (see
 * docs/adr/0002-ack-depois-do-commit.md).
 */
export function literalDeArray(valores: readonly (number | string | boolean | Date | null | undefined)[]): string {
  let s = '{';
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i];
    if (i > 0) s += ',';
    if (v === null || v === undefined) s += 'NULL';
    else if (typeof v === 'number' || typeof v === 'boolean') s += String(v);
    else if (v instanceof Date) s += v.toISOString();
    else s += `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `${s}}`;
}
