import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CopiaBinaria, ForaDoTipo } from './copy';

// PostgreSQL itself (PGlite) reads what the writer produces: COPY … FROM '/dev/blob' takes the bytes.
let pg: PGlite;
beforeAll(async () => {
  pg = new PGlite();
  await pg.exec(`create table t (a int, b varchar(4), c timestamptz, d float8, e real, f smallint, g bigint, h boolean, i text)`);
});
afterAll(async () => {
  await pg.close();
});
beforeEach(async () => {
  await pg.exec('truncate t');
});

const copiar = (dados: Buffer) => pg.query(`copy t from '/dev/blob' with (format binary)`, [], { blob: new Blob([dados]) });
const ler = async () =>
  (await pg.query<Record<string, unknown>>(`select a, b, to_json(c)#>>'{}' as c, d, e, f, g::text as g, h, i from t order by a nulls last`))
    .rows;

describe('CopiaBinaria, read back by PostgreSQL', () => {
  it('writes every type as PostgreSQL reads it, edges, nulls and odd text included', async () => {
    // Starts small: the writer grows as rows come.
    const c = new CopiaBinaria(8);
    c.linha(9);
    c.int4(7);
    c.texto('GPS');
    c.instante(new Date('2026-11-29T01:02:03.456Z'));
    c.float8(-23.5614);
    c.float4(4.5);
    c.int2(-70);
    c.int8(4_294_967_296 * 3 + 5);
    c.booleano(true);
    c.texto('ação\t"\\N"\n,{x}');
    c.linha(9);
    c.int4(-2_147_483_648);
    c.texto('');
    c.instante(new Date('1960-01-01T00:00:00.001Z'));
    c.float8(1e300);
    // Rounded to float4 as PostgreSQL rounds the text '0.1' (it prints that float4 back as 0.1).
    c.float4(0.1);
    c.int2(32_767);
    c.int8(-(2 ** 53) + 1);
    c.booleano(false);
    c.texto('🐕'.repeat(300));
    // Null, undefined and a non-finite number are null, as the text format's \N.
    c.linha(9);
    c.int4(null);
    c.texto(undefined);
    c.instante(null);
    c.float8(Number.NaN);
    c.float4(Number.POSITIVE_INFINITY);
    c.int2(undefined);
    c.int8(null);
    c.booleano(null);
    c.texto(null);
    expect((await copiar(c.fim())).affectedRows).toBe(3);

    expect(await ler()).toEqual([
      {
        a: -2_147_483_648,
        b: '',
        c: '1960-01-01T00:00:00.001+00:00',
        d: 1e300,
        e: 0.1,
        f: 32_767,
        g: '-9007199254740991',
        h: false,
        i: '🐕'.repeat(300),
      },
      {
        a: 7,
        b: 'GPS',
        c: '2026-11-29T01:02:03.456+00:00',
        d: -23.5614,
        e: 4.5,
        f: -70,
        g: '12884901893',
        h: true,
        i: 'ação\t"\\N"\n,{x}',
      },
      { a: null, b: null, c: null, d: null, e: null, f: null, g: null, h: null, i: null },
    ]);
  });

  it('refuses, before sending anything, a value its column cannot hold exactly', () => {
    const c = new CopiaBinaria();
    c.linha(9);
    // MCC 0xFFFF, as a modem without network reports it: outside smallint.
    expect(() => c.int2(0xffff)).toThrow(ForaDoTipo);
    expect(() => c.int2(1.5)).toThrow(ForaDoTipo);
    expect(() => c.int4(2 ** 31)).toThrow(ForaDoTipo);
    expect(() => c.int8(2 ** 53)).toThrow(ForaDoTipo);
    expect(() => c.float4(1e39)).toThrow(ForaDoTipo);
    // PostgreSQL refuses a real that would round to zero.
    expect(() => c.float4(1e-50)).toThrow(ForaDoTipo);
    expect(() => c.instante(new Date(Number.NaN))).toThrow(ForaDoTipo);
  });

  it('leaves to PostgreSQL what it checks itself, with a data error the batch writer isolates (class 22)', async () => {
    const linha = (b: string, c: Date) => {
      const w = new CopiaBinaria();
      w.linha(9);
      w.int4(1);
      w.texto(b);
      w.instante(c);
      for (let k = 0; k < 6; k++) w.int4(null);
      return w.fim();
    };
    // Longer than varchar(4).
    await expect(copiar(linha('GPSXX', new Date()))).rejects.toMatchObject({ code: '22001' });
    // Before PostgreSQL's first timestamp (4713 BC), which a Date can still hold.
    await expect(copiar(linha('GPS', new Date(Date.UTC(-10_000, 0, 1))))).rejects.toMatchObject({ code: '22008' });
    expect(await ler()).toEqual([]);
  });
});

describe('CopiaBinaria, growing', () => {
  it('makes room for the whole of a bigint, wherever the buffer ends', async () => {
    await pg.exec('create table if not exists u (a int, g bigint); truncate u');
    // Every starting size from 64 to 200 bytes: some row's bigint begins 4–11 bytes before the end.
    for (let bytes = 64; bytes <= 200; bytes++) {
      const c = new CopiaBinaria(bytes);
      for (let r = 0; r < 8; r++) {
        c.linha(2);
        c.int4(bytes);
        c.int8(2 ** 40 + r);
      }
      await pg.query(`copy u from '/dev/blob' with (format binary)`, [], { blob: new Blob([c.fim()]) });
    }
    const [r] = (await pg.query<{ n: number; soma: string }>(`select count(*)::int as n, sum(g - 2^40::bigint)::text as soma from u`)).rows;
    expect(r).toEqual({ n: 137 * 8, soma: String(137 * 28) });
  });
});
