/**
 * A `timestamptz` as the driver hands it back (PostgreSQL's text, db/client.ts `COMO_TEXTO`, or
 * a `Date`) → ISO-8601 in UTC with milliseconds, as the API writes every instant: what
 * `new Date(value).toISOString()` gives. PostgreSQL's text in the ISO DateStyle with a zero
 * offset (`2026-11-24 10:00:00.123456+00`; the server's sessions are in UTC, `SESSOES_EM_UTC` in db/client.ts) is
 * rewritten as text, microseconds cut to milliseconds as `Date` does; any other form (another
 * offset or DateStyle, a year past 9999 or BC) goes through `Date`. A 24 h history is 1,440 instants: parsing each into a `Date`
 * and writing it back cost more than the rest of the answer's mapping (bench/api `historico`).
 */
export function toIsoUtc(value: string | Date): string {
  if (typeof value !== 'string') return value.toISOString();
  const n = value.length;
  if (isUtcIsoText(value, n)) {
    const day = value.slice(0, 10);
    const time = value.slice(11, 19);
    if (n === 22) return `${day}T${time}.000Z`;
    return `${day}T${time}.${(value.slice(20, n - 3) + '00').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
}

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;

/** `YYYY-MM-DD HH:MM:SS+00` or `YYYY-MM-DD HH:MM:SS.f+00` with 1–6 fraction digits. */
function isUtcIsoText(s: string, n: number): boolean {
  if (n !== 22 && (n < 24 || n > 29 || s.charCodeAt(19) !== DOT)) return false;
  return (
    s.charCodeAt(4) === DASH &&
    s.charCodeAt(7) === DASH &&
    s.charCodeAt(10) === SPACE &&
    s.charCodeAt(13) === COLON &&
    s.charCodeAt(16) === COLON &&
    s.charCodeAt(n - 3) === PLUS &&
    s.charCodeAt(n - 2) === ZERO &&
    s.charCodeAt(n - 1) === ZERO
  );
}
