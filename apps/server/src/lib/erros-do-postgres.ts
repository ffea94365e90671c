/** The SQLSTATE of a PostgreSQL error, from pg or PGlite, possibly wrapped by drizzle. */
function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL error 23505 (unique_violation). */
export function violaUnicidade(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/**
 * True when PostgreSQL refused a statement for its data (SQLSTATE class 22, data exception, or
 * 23, integrity constraint): the fault is in a row, not in the database or the connection.
 */
export function ehErroDeDados(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && (code.startsWith('22') || code.startsWith('23'));
}
