import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messageArb } from './arbitraries';
import { concatBytes, toHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { decodeServerFrame } from './server-to-device/decode';
import { encodeMessage } from './device-to-server/encode';
import { type Frame, TopinFramer } from './framer';

/** Splits bytes at the given points (any order, duplicates and out-of-range points allowed). */
function chunks(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.subarray(from, p));
    from = p;
  }
  return out;
}

function feed(framer: TopinFramer, parts: Uint8Array[]): Frame[] {
  return parts.flatMap((p) => framer.push(p));
}

const hexes = (frames: Frame[]) => frames.map((f) => toHex(f.raw));
const cutsArb = fc.array(fc.nat({ max: 5000 }), { maxLength: 25 });
const encodedArb = messageArb.map(encodeMessage);

/**
 * A frame whose end the framer finds from its own bytes: fed alone, it comes out whole. A few
 * valid frames are not: a 0D 0A where the search starts (e.g. where 2-byte cells would end in a
 * 4-byte 0x18 frame), or a 2-byte 0x1A/0x1B frame, which waits for the bytes where 4-byte cells
 * would end. The exact-recovery properties below are stated for self-delimiting frames.
 */
function selfDelimiting(raw: Uint8Array): boolean {
  const out = new TopinFramer().push(raw);
  return out.length === 1 && toHex(out[0]?.raw ?? new Uint8Array()) === toHex(raw);
}

describe('TopinFramer properties', () => {
  it('(a) random bytes in random chunks: no throw, buffer below maxBuffer, only well-formed frames', () => {
    // Bytes biased towards 78 78 headers, 0D 0A ends and real frames, so the odd paths run.
    const token = fc.oneof(
      { arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }), weight: 4 },
      { arbitrary: fc.constantFrom(Uint8Array.of(0x78, 0x78), Uint8Array.of(0x0d, 0x0a), Uint8Array.of(0x78)), weight: 3 },
      { arbitrary: fc.tuple(fc.nat(255), fc.nat(255)).map(([len, type]) => Uint8Array.of(0x78, 0x78, len, type)), weight: 2 },
      { arbitrary: encodedArb, weight: 1 },
    );
    const input = fc.array(token, { maxLength: 40 }).map((t) => concatBytes(...t));
    fc.assert(
      fc.property(
        input,
        cutsArb,
        fc.constantFrom(6, 16, 64, 300, 4096),
        fc.constantFrom('device' as const, 'server' as const),
        (bytes, cuts, maxBuffer, source) => {
          const framer = new TopinFramer({ maxBuffer, source });
          let emitted = 0;
          for (const part of chunks(bytes, cuts)) {
            for (const f of framer.push(part)) {
              expect(toHex(f.raw.subarray(0, 2))).toBe('7878');
              expect(toHex(f.raw.subarray(-2))).toBe('0d0a');
              expect(f.raw.length).toBeLessThanOrEqual(maxBuffer);
              expect([f.length, f.type, f.body.length]).toEqual([f.raw[2], f.raw[3], f.raw.length - 6]);
              expect(() => decodeFrame(f)).not.toThrow();
              expect(() => decodeServerFrame(f)).not.toThrow();
              emitted += f.raw.length;
            }
            expect(framer.buffered).toBeLessThan(maxBuffer);
          }
          expect(emitted + framer.buffered).toBeLessThanOrEqual(bytes.length);
        },
      ),
      { numRuns: 10_000 },
    );
  });

  it('(b) valid frames split and coalesced at random points come out as when fed whole, and as sent', () => {
    let exact = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.array(encodedArb, { minLength: 1, maxLength: 12 }), cutsArb, (frames, cuts) => {
        const stream = concatBytes(...frames);
        const whole = new TopinFramer().push(stream);
        const split = feed(new TopinFramer(), chunks(stream, cuts));
        expect(hexes(split)).toEqual(hexes(whole));
        expect(split.map(decodeFrame)).toEqual(whole.map(decodeFrame));
        runs++;
        if (frames.every(selfDelimiting)) {
          exact++;
          expect(hexes(split)).toEqual(frames.map(toHex));
        }
      }),
      { numRuns: 500 },
    );
    expect(exact / runs).toBeGreaterThan(0.5); // the precondition is not vacuous
  });

  it('(d1) garbage without any 0x78 byte between frames: every frame recovered exactly, nothing else', () => {
    const garbage = fc.uint8Array({ maxLength: 30 }).map((g) => g.map((b) => (b === 0x78 ? 0x77 : b)));
    const frameArb = encodedArb.filter(selfDelimiting);
    fc.assert(
      fc.property(fc.array(fc.tuple(garbage, frameArb), { maxLength: 10 }), garbage, cutsArb, (pairs, tail, cuts) => {
        const stream = concatBytes(...pairs.flatMap(([g, f]) => [g, f]), tail);
        const framer = new TopinFramer();
        expect(hexes(feed(framer, chunks(stream, cuts)))).toEqual(pairs.map(([, f]) => toHex(f)));
        expect(framer.buffered).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('(d2) garbage with 78 78 swallows at most maxBuffer bytes: frames starting maxBuffer bytes after its last 0x78 are recovered', () => {
    // A 78 78 in garbage is a header like any other: its frame runs to the first plausible
    // 0D 0A and may swallow valid frames, but a frame is never longer than maxBuffer. So every
    // valid frame that starts at least maxBuffer bytes after the last 0x78 byte of the garbage
    // before it comes out, in order. (Valid frames here have no 78 78 after their header, so
    // a swallowed frame's tail cannot start a header of its own.)
    const maxBuffer = 256;
    const noInnerHeader = (raw: Uint8Array) => !toHex(raw.subarray(2)).match(/^(..)*?7878/);
    const frameArb = encodedArb.filter((raw) => selfDelimiting(raw) && noInnerHeader(raw));
    const garbage = fc.oneof(
      { arbitrary: fc.constant(new Uint8Array(0)), weight: 3 },
      { arbitrary: fc.uint8Array({ maxLength: 20 }).map((g) => g.map((b) => (b === 0x78 ? 0 : b))), weight: 3 },
      {
        arbitrary: fc
          .tuple(fc.uint8Array({ maxLength: 10 }), fc.uint8Array({ maxLength: 10 }))
          .map(([a, b]) => concatBytes(a, Uint8Array.of(0x78, 0x78), b)),
        weight: 1,
      },
    );
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(garbage, frameArb), { minLength: 5, maxLength: 40 }), cutsArb, (pairs, cuts) => {
        const parts: Uint8Array[] = [];
        const protectedFrames: string[] = [];
        let offset = 0;
        let last78 = -Infinity;
        for (const [g, f] of pairs) {
          const i = g.lastIndexOf(0x78);
          if (i >= 0) last78 = offset + i;
          offset += g.length;
          if (offset - last78 >= maxBuffer) protectedFrames.push(toHex(f));
          offset += f.length;
          parts.push(g, f);
        }
        const out = hexes(feed(new TopinFramer({ maxBuffer }), chunks(concatBytes(...parts), cuts)));
        let at = 0;
        for (const f of protectedFrames) {
          at = out.indexOf(f, at);
          expect(at, `frame ${f} lost`).toBeGreaterThanOrEqual(0);
          at++;
          checked++;
        }
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(300);
  });
});
