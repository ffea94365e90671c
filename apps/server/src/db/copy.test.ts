import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ArrayBinario, CopiaBinaria, ForaDoTipo, OID } from './copy';

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

describe('ArrayBinario, read back by PostgreSQL', () => {
  // A binary COPY field holds a value in the same form a binary parameter does: each array is one field.
  const linhaDeArrays = (...arrays: Buffer[]) => {
    const campo = (a: Buffer) => {
      const n = Buffer.alloc(4);
      n.writeInt32BE(a.length);
      return [n, a];
    };
    const contagem = Buffer.alloc(2);
    contagem.writeInt16BE(arrays.length);
    // An empty COPY is its header and its trailer (two bytes).
    const vazia = new CopiaBinaria(0).fim();
    return Buffer.concat([vazia.subarray(0, -2), contagem, ...arrays.flatMap(campo), vazia.subarray(-2)]);
  };
  const array = <T>(oid: number, valores: T[], escrever: (a: ArrayBinario, v: T) => void) => {
    const a = new ArrayBinario(oid, valores.length, 1);
    for (const v of valores) escrever(a, v);
    return a.fim();
  };

  it('writes each element type the statement casts to, nulls included, as array_recv reads it', async () => {
    await pg.exec('create table if not exists v (a int[], b varchar[], c timestamptz[], d float8[], e real[]); truncate v');
    const dados = linhaDeArrays(
      array(OID.int4, [7, -2_147_483_648, null], (a, v) => a.int4(v)),
      array(OID.varchar, ['GPS', 'ação "{x}"', null], (a, v) => a.texto(v)),
      array(OID.timestamptz, [new Date('2026-11-29T01:02:03.456Z'), null], (a, v) => a.instante(v)),
      array(OID.float8, [-23.5614, 1e300], (a, v) => a.float8(v)),
      array(OID.float4, [0.1, Number.NaN], (a, v) => a.float4(v)),
    );
    await pg.query(`copy v from '/dev/blob' with (format binary)`, [], { blob: new Blob([dados]) });
    const [r] = (await pg.query<Record<string, unknown>>(`select a, b, to_json(c)::text as c, d, e from v`)).rows;
    expect(r).toEqual({
      a: [7, -2_147_483_648, null],
      b: ['GPS', 'ação "{x}"', null],
      c: '["2026-11-29T01:02:03.456+00:00",null]',
      d: [-23.5614, 1e300],
      e: [0.1, null],
    });
  });

  it('is refused by PostgreSQL if its element type is not the one cast to', async () => {
    await pg.exec('create table if not exists w (g bigint[]); truncate w');
    const dados = linhaDeArrays(array(OID.int4, [1], (a, v) => a.int4(v)));
    await expect(pg.query(`copy w from '/dev/blob' with (format binary)`, [], { blob: new Blob([dados]) })).rejects.toMatchObject({
      code: '42804',
    });
  });
});
