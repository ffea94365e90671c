/** The binary COPY signature, then the flags and the header extension's length (both 0). */
const CABECALHO = Buffer.from([0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]);
/** PostgreSQL's epoch for timestamps (2000-01-01T00:00:00Z), in Unix milliseconds. */
const EPOCA_POSTGRES_MS = 946_684_800_000;
const DOIS_A_32 = 2 ** 32;

/** A value its column's type cannot hold exactly: the batch must go another way, where PostgreSQL judges the row. */
export class ForaDoTipo extends Error {
  constructor(tipo: string, valor: unknown) {
    super(`valor fora do tipo ${tipo}: ${String(valor)}`);
    this.name = 'ForaDoTipo';
  }
}

type Numero = number | null | undefined;

/**
 * Values in the binary form PostgreSQL's binary COPY and binary array parameters share: each as a
 * 32-bit length (-1 for null) and the value in its type's binary form, written by the method of its
 * type. Null, undefined and a non-finite number are written as null, as the text format's `\N`. An
 * integer out of its type's range or with a fraction, a real beyond float4, a bigint past 2^53 or an
 * invalid Date throw `ForaDoTipo` rather than being sent changed: where the text format had
 * PostgreSQL refuse the row, the caller sends the batch the way PostgreSQL parses (ADR 0028).
 */
abstract class CamposBinarios {
  protected buf: Buffer;
  protected o: number;
  /** A null was written. */
  protected comNulo = false;

  constructor(bytesPrevistos: number, inicio: number) {
    this.buf = Buffer.allocUnsafe(Math.max(bytesPrevistos, inicio + 64));
    this.o = inicio;
  }

  /** smallint */
  int2(v: Numero) {
    if (v === null || v === undefined || !Number.isFinite(v)) return this.nulo();
    if (!Number.isInteger(v) || v < -32_768 || v > 32_767) throw new ForaDoTipo('smallint', v);
    this.espaco(6);
    this.o = this.buf.writeInt32BE(2, this.o);
    this.o = this.buf.writeInt16BE(v, this.o);
  }

  /** integer */
  int4(v: Numero) {
    if (v === null || v === undefined || !Number.isFinite(v)) return this.nulo();
    if (!Number.isInteger(v) || v < -2_147_483_648 || v > 2_147_483_647) throw new ForaDoTipo('integer', v);
    this.espaco(8);
    this.o = this.buf.writeInt32BE(4, this.o);
    this.o = this.buf.writeInt32BE(v, this.o);
  }

  /** bigint, as far as a number holds an integer exactly (2^53). */
  int8(v: Numero) {
    if (v === null || v === undefined || !Number.isFinite(v)) return this.nulo();
    if (!Number.isSafeInteger(v)) throw new ForaDoTipo('bigint', v);
    this.espaco(12);
    this.o = this.buf.writeInt32BE(8, this.o);
    this.int64(v);
  }

  /** real: rounded to float4 as PostgreSQL rounds its text; beyond float4's range, or a non-zero that would round to 0, refused as it refuses. */
  float4(v: Numero) {
    if (v === null || v === undefined || !Number.isFinite(v)) return this.nulo();
    const f = Math.fround(v);
    if (!Number.isFinite(f) || (f === 0 && v !== 0)) throw new ForaDoTipo('real', v);
    this.espaco(8);
    this.o = this.buf.writeInt32BE(4, this.o);
    this.o = this.buf.writeFloatBE(f, this.o);
  }

  /** double precision */
  float8(v: Numero) {
    if (v === null || v === undefined || !Number.isFinite(v)) return this.nulo();
    this.espaco(12);
    this.o = this.buf.writeInt32BE(8, this.o);
    this.o = this.buf.writeDoubleBE(v, this.o);
  }

  /** boolean */
  booleano(v: boolean | null | undefined) {
    if (v === null || v === undefined) return this.nulo();
    this.espaco(5);
    this.o = this.buf.writeInt32BE(1, this.o);
    this.o = this.buf.writeUInt8(v ? 1 : 0, this.o);
  }

  /** text and varchar, in UTF-8 (PostgreSQL checks the length and the encoding as for the text format). */
  texto(v: string | null | undefined) {
    if (v === null || v === undefined) return this.nulo();
    // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
    this.espaco(4 + 3 * v.length);
    const n = this.buf.write(v, this.o + 4, 'utf8');
    this.buf.writeInt32BE(n, this.o);
    this.o += 4 + n;
  }

  /** timestamptz: microseconds since PostgreSQL's epoch (PostgreSQL refuses one out of its range). */
  instante(v: Date | null | undefined) {
    if (v === null || v === undefined) return this.nulo();
    const ms = v.getTime();
    if (!Number.isFinite(ms)) throw new ForaDoTipo('timestamptz', v);
    this.espaco(12);
    this.o = this.buf.writeInt32BE(8, this.o);
    const us = (ms - EPOCA_POSTGRES_MS) * 1000;
    if (Number.isSafeInteger(us)) this.int64(us);
    else this.o = this.buf.writeBigInt64BE(BigInt(ms - EPOCA_POSTGRES_MS) * 1000n, this.o);
  }

  protected nulo() {
    this.comNulo = true;
    this.espaco(4);
    this.o = this.buf.writeInt32BE(-1, this.o);
  }

  /** A safe integer as a big-endian int64 (the caller has made room for 8 bytes). */
  private int64(v: number) {
    const alto = Math.floor(v / DOIS_A_32);
    this.o = this.buf.writeInt32BE(alto, this.o);
    this.o = this.buf.writeUInt32BE(v - alto * DOIS_A_32, this.o);
  }

  protected espaco(n: number) {
    if (this.o + n <= this.buf.length) return;
    const maior = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.o + n));
    this.buf.copy(maior, 0, 0, this.o);
    this.buf = maior;
  }
}

/**
 * Rows in PostgreSQL's binary COPY format (https://www.postgresql.org/docs/current/sql-copy.html,
 * "Binary Format"): the header, then per row its field count and each field, in the COPY's column
 * order, then the trailer.
 */
export class CopiaBinaria extends CamposBinarios {
  constructor(bytesPrevistos = 4096) {
    super(bytesPrevistos, CABECALHO.length);
    CABECALHO.copy(this.buf, 0);
  }

  /** Starts a row of `campos` columns. */
  linha(campos: number) {
    this.espaco(2);
    this.o = this.buf.writeInt16BE(campos, this.o);
  }

  /** The rows written, with the trailer. */
  fim(): Buffer {
    this.espaco(2);
    this.o = this.buf.writeInt16BE(-1, this.o);
    return this.buf.subarray(0, this.o);
  }
}

/** The element types of the arrays `ArrayBinario` writes (pg_type's OIDs). */
export const OID = { int4: 23, varchar: 1043, timestamptz: 1184, float4: 700, float8: 701 } as const;

/** Dimensions, the null flag and the element type; then the one dimension's length and lower bound. */
const CABECALHO_ARRAY = 20;

/**
 * A one-dimensional array in PostgreSQL's binary form (`array_recv`): node-postgres sends a
 * `Buffer` parameter as binary, so `$1::float8[]` arrives without PostgreSQL parsing text, nor
 * JavaScript writing it (dates and doubles cost the most). `oid` must be the element type the
 * statement casts to; the elements are written in order, `n` of them.
 */
export class ArrayBinario extends CamposBinarios {
  constructor(
    private readonly oid: number,
    private readonly n: number,
    bytesPorElemento = 12,
  ) {
    super(CABECALHO_ARRAY + n * bytesPorElemento, CABECALHO_ARRAY);
  }

  /** The array, once its `n` elements are written. */
  fim(): Buffer {
    this.buf.writeInt32BE(1, 0);
    this.buf.writeInt32BE(this.comNulo ? 1 : 0, 4);
    this.buf.writeInt32BE(this.oid, 8);
    this.buf.writeInt32BE(this.n, 12);
    this.buf.writeInt32BE(1, 16);
    return this.buf.subarray(0, this.o);
  }
}
