import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, openPostgres, type Database } from '../../src/db/client';
import { toIsoUtc } from '../../src/db/timestamps';
import { novoBanco } from '../apoio/helpers';

/** An instant to the microsecond, as PostgreSQL keeps it: whole milliseconds since the epoch and the microseconds past them. */
interface Instante {
  ms: number;
  us: number;
}

const instantes = (de: number, ate: number) =>
  fc.array(
    fc.record({
      // Whole seconds, whole milliseconds and any microsecond: PostgreSQL writes 0 to 6 fraction digits.
      ms: fc.oneof(
        fc.integer({ min: de, max: ate }),
        fc.integer({ min: Math.ceil(de / 1000), max: Math.floor(ate / 1000) }).map((s) => s * 1000),
        fc.integer({ min: Math.ceil(de / 100), max: Math.floor(ate / 100) }).map((s) => s * 100),
      ),
      us: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 9 }).map((d) => d * 100),
      ),
    }),
    { minLength: 1, maxLength: 40 },
  );

const ANO_1000 = Date.UTC(1000, 0, 1);
const ANO_1970 = 0;
const ANO_2100 = Date.UTC(2100, 0, 1);
const ANO_9999 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('toIsoUtc (a timestamptz from the driver, as the API writes it)', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await novoBanco();
  });
  afterAll(() => database.close());

  /** PostgreSQL's own text for each instant, in a session at `fuso`. */
  const textos = (lista: readonly Instante[], fuso: string) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local timezone = '${fuso}'`));
      const linhas = await consultar<{ t: string }>(
        tx,
        sql`select ('epoch'::timestamptz + (x.ms / 1000) * interval '1 second' + ((x.ms % 1000) * 1000 + x.us) * interval '1 microsecond')::text as t
            from unnest(${`{${lista.map((i) => i.ms).join(',')}}`}::bigint[], ${`{${lista.map((i) => i.us).join(',')}}`}::int[])
              with ordinality as x(ms, us, k)
            order by x.k`,
      );
      return linhas.map((l) => l.t);
    });

  /** The instant cut to the millisecond, as `Date` keeps it. */
  const esperado = (i: Instante) => new Date(i.ms).toISOString();

  it('writes every instant of a UTC session exactly as Date would, from year 1000 to 9999', async () => {
    await fc.assert(
      fc.asyncProperty(instantes(ANO_1000, ANO_9999), async (lista) => {
        const t = await textos(lista, 'UTC');
        expect(t.map(toIsoUtc)).toEqual(lista.map(esperado));
      }),
      { numRuns: 40 },
    );
  });

  it('writes PostgreSQL text with another offset as the same instant in UTC', async () => {
    for (const fuso of ['America/Sao_Paulo', 'Asia/Kolkata', 'America/St_Johns']) {
      await fc.assert(
        fc.asyncProperty(instantes(ANO_1970, ANO_2100), async (lista) => {
          const t = await textos(lista, fuso);
          expect(t[0]).not.toMatch(/\+00$/);
          expect(t.map(toIsoUtc)).toEqual(lista.map(esperado));
        }),
        { numRuns: 10 },
      );
    }
  });

  it('keeps the microseconds PostgreSQL writes cut, not rounded, to milliseconds', () => {
    expect(toIsoUtc('2026-11-24 10:00:00+00')).toBe('2026-11-24T10:00:00.000Z');
    expect(toIsoUtc('2026-11-24 10:00:00.5+00')).toBe('2026-11-24T10:00:00.500Z');
    expect(toIsoUtc('2026-11-24 10:00:00.12+00')).toBe('2026-11-24T10:00:00.120Z');
    expect(toIsoUtc('2026-11-24 23:59:59.999999+00')).toBe('2026-11-24T23:59:59.999Z');
    expect(toIsoUtc('2026-11-24 07:00:00.1239-03')).toBe('2026-11-24T10:00:00.123Z');
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "on PostgreSQL, the server's connections talk in UTC even when the database's zone is another",
    async () => {
      const url = database.url ?? '';
      const nome = new URL(url).pathname.slice(1);
      await database.db.execute(sql.raw(`alter database ${nome} set timezone = 'America/Sao_Paulo'`));
      const outro = await openPostgres(url, 2);
      try {
        const [r] = await consultar<{ tz: string; t: string }>(
          outro.db,
          sql`select current_setting('TimeZone') as tz, timestamptz '2026-11-24 10:00:00.5+00' as t`,
        );
        expect(r).toEqual({ tz: 'UTC', t: '2026-11-24 10:00:00.5+00' });
        expect(toIsoUtc(r?.t ?? '')).toBe('2026-11-24T10:00:00.500Z');
      } finally {
        await outro.close();
      }
    },
  );

  it('writes a Date as its ISO text', () => {
    expect(toIsoUtc(new Date('2026-11-24T10:00:00.123Z'))).toBe('2026-11-24T10:00:00.123Z');
  });
});
