import { START, concatBytes, isCrlfAt } from './bytes';
import { type EndRule, type FrameSource, endRule } from './frame-length';

/** One `78 78 LEN TYPE body 0D 0A` frame as cut from the stream. */
export interface Frame {
  type: number;
  /** The LEN byte as sent (not necessarily the body length). */
  length: number;
  body: Uint8Array;
  /** The whole frame, from `78 78` to `0D 0A`. */
  raw: Uint8Array;
}

export interface FramerOptions {
  /** Longest frame accepted and most bytes kept between pushes. Default 4096. */
  maxBuffer?: number;
  /** Whose frames are read: 'device' (default, the gateway) or 'server' (a simulated device). */
  source?: FrameSource;
}

const HEADER = 4;
const MIN_FRAME = HEADER + 2;

/** A frame from complete bytes (`78 78 … 0D 0A`), or null when they are not one. */
export function toFrame(raw: Uint8Array): Frame | null {
  if (raw.length < MIN_FRAME || raw[0] !== START || raw[1] !== START || !isCrlfAt(raw, raw.length - 2)) return null;
  return { type: raw[3] ?? 0, length: raw[2] ?? 0, body: raw.subarray(HEADER, raw.length - 2), raw };
}

function findHeader(buf: Uint8Array, from: number): number {
  for (let i = from; i + 1 < buf.length; i++) {
    if (buf[i] === START && buf[i + 1] === START) return i;
  }
  return -1;
}

/** Positions of every `0D 0A` in a buffer, for "first at or after" queries in O(log n). */
class CrlfIndex {
  private readonly at: number[] = [];

  constructor(buf: Uint8Array) {
    for (let i = buf.indexOf(0x0d); i >= 0 && i + 1 < buf.length; i = buf.indexOf(0x0d, i + 1)) {
      if (buf[i + 1] === 0x0a) this.at.push(i);
    }
  }

  firstFrom(pos: number): number {
    let lo = 0;
    let hi = this.at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.at[mid] ?? Infinity) < pos) lo = mid + 1;
      else hi = mid;
    }
    return this.at[lo] ?? -1;
  }
}

type EndResult = number | 'wait' | 'invalid';

/**
 * Cuts a TCP byte stream into TOPIN frames. Scans for `78 78`, finds the end with the rules in
 * frame-length.ts (never LEN alone), drops bytes before the next `78 78`, and survives split and
 * coalesced reads. It never throws on input and never keeps `maxBuffer` bytes or more: a header
 * whose frame cannot end within `maxBuffer` bytes is taken for garbage and the scan moves on.
 *
 * The end of a frame is decided from the bytes up to that end only, so the frames do not depend
 * on how the stream was split.
 */
export class TopinFramer {
  private readonly maxBuffer: number;
  private readonly source: FrameSource;
  private pending: Uint8Array = new Uint8Array(0);

  constructor(opts: FramerOptions = {}) {
    const maxBuffer = opts.maxBuffer ?? 4096;
    if (!Number.isInteger(maxBuffer) || maxBuffer < MIN_FRAME) throw new RangeError(`maxBuffer must be an integer ≥ ${MIN_FRAME}`);
    this.maxBuffer = maxBuffer;
    this.source = opts.source ?? 'device';
  }

  /** Bytes held back: a partial frame, or a trailing 0x78 that may start one. Always < maxBuffer. */
  get buffered(): number {
    return this.pending.length;
  }

  push(chunk: Uint8Array): Frame[] {
    const buf = this.pending.length === 0 ? chunk : concatBytes(this.pending, chunk);
    const crlf = new CrlfIndex(buf);
    const frames: Frame[] = [];
    let pos = 0;
    for (;;) {
      const start = findHeader(buf, pos);
      if (start < 0) {
        pos = buf.length > pos && buf[buf.length - 1] === START ? buf.length - 1 : buf.length;
        break;
      }
      const end = this.endOf(buf, start, crlf);
      if (end === 'wait') {
        pos = start;
        break;
      }
      if (end === 'invalid') {
        pos = start + 1;
        continue;
      }
      const frame = toFrame(buf.slice(start, end + 2));
      if (frame) frames.push(frame);
      pos = end + 2;
    }
    // A copy, so a large chunk is not kept alive by its last few bytes.
    this.pending = buf.slice(pos);
    return frames;
  }

  /** Index of the closing 0D, or whether to wait for more bytes or give this header up. */
  private endOf(buf: Uint8Array, start: number, crlf: CrlfIndex): EndResult {
    const available = buf.length - start;
    const giveUpOrWait: EndResult = available >= this.maxBuffer ? 'invalid' : 'wait';
    if (available < HEADER) return giveUpOrWait;
    const bodyAt = start + HEADER;
    const rule: EndRule = endRule(this.source, buf[start + 3] ?? 0, buf[start + 2] ?? 0, buf.subarray(bodyAt));
    let end = -1;
    switch (rule.kind) {
      case 'none':
        return 'invalid';
      case 'need':
        return giveUpOrWait;
      case 'from': {
        end = crlf.firstFrom(bodyAt + rule.offset);
        if (rule.to === undefined) break;
        // The body cannot be longer than `to`: no 0D 0A by then means this header is noise.
        const last = bodyAt + rule.to;
        if (end > last || (end < 0 && buf.length >= last + 2)) return 'invalid';
        break;
      }
      case 'candidates':
        for (const offset of rule.offsets) {
          const at = bodyAt + offset;
          if (at + 2 - start > this.maxBuffer) continue; // a frame that long is never accepted
          if (at + 1 >= buf.length) return 'wait';
          if (isCrlfAt(buf, at)) {
            end = at;
            break;
          }
        }
        if (end < 0) end = crlf.firstFrom(bodyAt + rule.thenFrom);
        break;
    }
    if (end < 0) return giveUpOrWait;
    return end + 2 - start > this.maxBuffer ? 'invalid' : end;
  }
}
