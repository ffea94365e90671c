import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concatBytes, fromHex, toHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { decodeServerFrame } from './server-to-device/decode';
import { ackFor } from './server-to-device/encode';
import { type Frame, type FramerOptions, TopinFramer } from './framer';

/**
 * The gateway's read path (framer → decoder → ack) fed a million random and mutated frames:
 * nothing may throw and no framer may ever hold `maxBuffer` bytes or more. The bulk comes from a
 * seeded PRNG (fast-check's machinery costs far more per case than the code under test); a
 * smaller fast-check property covers the same mutations with shrinking.
 *
 * Reproduce a failure with `TOPIN_FUZZ_SEED=<seed printed in the failure>`.
 */
const vectorsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vectors/topin-vectors.json');
const VECTORS = (JSON.parse(readFileSync(vectorsPath, 'utf8')) as { frames: { hex: string }[] }).frames.map((v) => fromHex(v.hex));

const SEED = process.env.TOPIN_FUZZ_SEED ? Number(process.env.TOPIN_FUZZ_SEED) >>> 0 : (Math.random() * 2 ** 32) >>> 0;
const FRAMES = Number(process.env.TOPIN_FUZZ_FRAMES ?? 1_000_000);

/** Every type the codec knows (device and server side), so mutated bodies reach each decoder. */
const TYPES = [
  0x01, 0x08, 0x09, 0x10, 0x11, 0x13, 0x14, 0x15, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x30, 0x33, 0x44, 0x46, 0x48, 0x56, 0x57, 0x69, 0x80, 0x81,
  0x82, 0x83, 0x94, 0x97, 0x99,
];

/** mulberry32: tiny, fast and good enough to pick bytes and mutations. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: <T>(xs: readonly T[]): T => xs[int(xs.length)] as T };
}
type Rng = ReturnType<typeof prng>;

function randomBytes(rng: Rng, n: number): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i += 4) {
    const r = (rng.next() * 4294967296) >>> 0;
    out[i] = r;
    out[i + 1] = r >>> 8;
    out[i + 2] = r >>> 16;
    out[i + 3] = r >>> 24;
  }
  return out;
}

const insertAt = (b: Uint8Array, at: number, add: Uint8Array) => concatBytes(b.subarray(0, at), add, b.subarray(at));

/** One mutation of a frame; `b` is never modified in place. */
type Mutation = (b: Uint8Array, rng: Rng) => Uint8Array;
const MUTATIONS: readonly Mutation[] = [
  // bit flips
  (b, rng) => {
    const out = b.slice();
    for (let k = 1 + rng.int(4); k > 0 && out.length; k--) {
      const i = rng.int(out.length);
      out[i] = (out[i] ?? 0) ^ (1 << rng.int(8));
    }
    return out;
  },
  // a random byte
  (b, rng) => {
    const out = b.slice();
    if (out.length) out[rng.int(out.length)] = rng.int(256);
    return out;
  },
  // truncated at the tail, or at the head (a read that started mid-frame)
  (b, rng) => (rng.int(2) ? b.slice(0, rng.int(b.length + 1)) : b.slice(rng.int(b.length + 1))),
  // LEN: off by a little, extreme, or random
  (b, rng) => {
    const out = b.slice();
    if (out.length > 2) out[2] = rng.pick([0, 1, 0xff, 0xfe, ((out[2] ?? 0) + rng.int(9) - 4) & 0xff, rng.int(256)]);
    return out;
  },
  // another type with this body, so every decoder sees foreign bodies
  (b, rng) => {
    const out = b.slice();
    if (out.length > 3) out[3] = rng.int(4) ? rng.pick(TYPES) : rng.int(256);
    return out;
  },
  // an extra 78 78 or 0D 0A anywhere
  (b, rng) => insertAt(b, rng.int(b.length + 1), rng.int(2) ? Uint8Array.of(0x78, 0x78) : Uint8Array.of(0x0d, 0x0a)),
  // a stray 78 78 LEN TYPE header inside the frame
  (b, rng) => insertAt(b, rng.int(b.length + 1), Uint8Array.of(0x78, 0x78, rng.int(256), rng.pick(TYPES))),
  // a segment duplicated
  (b, rng) => {
    const from = rng.int(b.length + 1);
    const to = from + rng.int(b.length - from + 1);
    return insertAt(b, to, b.slice(from, to));
  },
  // a segment deleted
  (b, rng) => {
    const from = rng.int(b.length + 1);
    return concatBytes(b.subarray(0, from), b.subarray(from + rng.int(b.length - from + 1)));
  },
  // random bytes inserted
  (b, rng) => insertAt(b, rng.int(b.length + 1), randomBytes(rng, 1 + rng.int(12))),
  // concatenated with another vector
  (b, rng) => (rng.int(2) ? concatBytes(b, rng.pick(VECTORS)) : concatBytes(rng.pick(VECTORS), b)),
  // the trailing 0D 0A removed (the frame runs into whatever follows)
  (b) => (b.length >= 2 && b[b.length - 2] === 0x0d ? b.slice(0, b.length - 2) : b),
];

/** A frame for the stream: a mutated vector, a pure random one, or a header that never ends. */
function nextInput(rng: Rng): Uint8Array {
  const r = rng.int(100);
  if (r < 8) return randomBytes(rng, rng.int(120));
  if (r < 9) {
    // 78 78 LEN TYPE and a long tail without 0D: only the buffer cap ends it.
    const tail = randomBytes(rng, 100 + rng.int(rng.int(8) ? 500 : 5000));
    for (let i = 0; i < tail.length; i++) if (tail[i] === 0x0d) tail[i] = 0;
    return concatBytes(Uint8Array.of(0x78, 0x78, rng.int(256), rng.pick(TYPES)), tail);
  }
  let b = rng.pick(VECTORS);
  if (r < 15) return b; // the real frame, so the framer gets back in step now and then
  for (let k = 1 + rng.int(3); k > 0; k--) b = rng.pick(MUTATIONS)(b, rng);
  return b;
}

class FuzzFailure extends Error {}

/** A frame as the framer would build it from raw bytes, without its checks (decoders must cope). */
function looseFrame(raw: Uint8Array): Frame {
  return { type: raw[3] ?? 0, length: raw[2] ?? 0, body: raw.subarray(Math.min(4, raw.length), Math.max(4, raw.length - 2)), raw };
}

/** Decodes and acks a frame as the gateway (device side) and the simulator (server side) would. */
function decodeAll(frame: Frame) {
  decodeFrame(frame);
  decodeServerFrame(frame);
  ackFor(frame);
}

interface Lane {
  framer: TopinFramer;
  maxBuffer: number;
}

function newLane(rng: Rng): Lane {
  const maxBuffer = rng.pick([6, 16, 64, 256, 1024, 4096]);
  const opts: FramerOptions = { maxBuffer, source: rng.int(4) ? 'device' : 'server' };
  return { framer: new TopinFramer(opts), maxBuffer };
}

/** Pushes `bytes` in 1–3 chunks, checking every frame out and the buffered size after each push. */
function feed(lane: Lane, bytes: Uint8Array, rng: Rng): number {
  const cuts = [0, rng.int(bytes.length + 1), rng.int(bytes.length + 1), bytes.length].sort((a, b) => a - b);
  let frames = 0;
  for (let i = 0; i + 1 < cuts.length; i++) {
    const out = lane.framer.push(bytes.subarray(cuts[i], cuts[i + 1]));
    for (const f of out) {
      const raw = f.raw;
      if (
        raw.length > lane.maxBuffer ||
        raw[0] !== 0x78 ||
        raw[1] !== 0x78 ||
        raw[raw.length - 2] !== 0x0d ||
        raw[raw.length - 1] !== 0x0a
      ) {
        throw new FuzzFailure(`malformed frame out of the framer (maxBuffer ${lane.maxBuffer}): ${toHex(raw)}`);
      }
      decodeAll(f);
      frames++;
    }
    if (lane.framer.buffered >= lane.maxBuffer) throw new FuzzFailure(`framer holds ${lane.framer.buffered} bytes, cap ${lane.maxBuffer}`);
  }
  return frames;
}

describe('TOPIN framer and decoders under fuzzing', () => {
  it(`survive ${FRAMES.toLocaleString('en')} random and mutated frames (seed ${SEED})`, () => {
    const rng = prng(SEED);
    // Several framers at once: the gateway's default cap, small caps that are hit all the time,
    // and a simulated device's (server-side) framer. Each is replaced now and then.
    const lanes = [newLane(rng), newLane(rng), { framer: new TopinFramer(), maxBuffer: 4096 }];
    let bytes = 0;
    let emitted = 0;
    let i = 0;
    let input: Uint8Array = new Uint8Array(0);
    const started = performance.now();
    try {
      for (; i < FRAMES; i++) {
        input = nextInput(rng);
        bytes += input.length;
        // The input as a frame on its own, straight to the decoders.
        decodeAll(looseFrame(input));
        const lane = rng.int(lanes.length);
        emitted += feed(lanes[lane] as Lane, input, rng);
        if (lane < 2 && rng.int(5000) === 0) lanes[lane] = newLane(rng);
      }
    } catch (err) {
      const what = err instanceof Error ? err.message : String(err);
      throw new Error(
        `TOPIN fuzz failed at frame ${i} (seed ${SEED}; rerun with TOPIN_FUZZ_SEED=${SEED}): ${what}\ninput: ${toHex(input)}`,
        { cause: err },
      );
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `TOPIN fuzz: ${FRAMES} frames (${(bytes / 1e6).toFixed(1)} MB, ${emitted} frames cut) in ${seconds.toFixed(1)} s, ` +
        `${Math.round(FRAMES / seconds).toLocaleString('en')} frames/s, seed ${SEED}`,
    );
    // The mutations keep plenty of frames cuttable (fewer since headers of types no device sends
    // are dropped at once).
    expect(emitted).toBeGreaterThan(FRAMES / 6);
  }, 120_000);

  it('shrinkable: mutated vectors split at random points never throw nor overflow the cap', () => {
    const op = fc.record({ kind: fc.nat(MUTATIONS.length - 1), seed: fc.nat() });
    const input = fc
      .tuple(fc.array(fc.tuple(fc.nat(VECTORS.length - 1), fc.array(op, { maxLength: 4 })), { minLength: 1, maxLength: 8 }))
      .map(([parts]) =>
        concatBytes(
          ...parts.map(([v, ops]) =>
            ops.reduce((b, { kind, seed }) => (MUTATIONS[kind] as Mutation)(b, prng(seed)), VECTORS[v] as Uint8Array),
          ),
        ),
      );
    fc.assert(
      fc.property(
        input,
        fc.array(fc.nat(2000), { maxLength: 10 }),
        fc.constantFrom(6, 16, 64, 4096),
        fc.constantFrom('device' as const, 'server' as const),
        (bytes, cuts, maxBuffer, source) => {
          const framer = new TopinFramer({ maxBuffer, source });
          const points = [...new Set([0, ...cuts.map((c) => c % (bytes.length + 1)), bytes.length])].sort((a, b) => a - b);
          for (let k = 0; k + 1 < points.length; k++) {
            for (const f of framer.push(bytes.subarray(points[k], points[k + 1]))) {
              expect(f.raw.length).toBeLessThanOrEqual(maxBuffer);
              expect(() => decodeAll(f)).not.toThrow();
            }
            expect(framer.buffered).toBeLessThan(maxBuffer);
          }
          expect(() => decodeAll(looseFrame(bytes))).not.toThrow();
        },
      ),
      { numRuns: 3000, ...(process.env.TOPIN_FUZZ_SEED ? { seed: SEED | 0 } : {}) },
    );
  });
});
