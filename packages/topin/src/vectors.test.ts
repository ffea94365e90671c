import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { concatBytes, fromHex, toHex } from './bytes';
import { decodeFrame } from './device-to-server/decode';
import { ackFor, loginReply, statusReply, timePacket } from './server-to-device/encode';
import { type Frame, TopinFramer, toFrame } from './framer';
import { type TopinMessage } from './message';

// A copy of shared/protocols/topin-vectors.json kept in the package, so the tests need nothing
// outside the repository (a test below checks the copy against shared/ when it is there).
const vectorsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../vectors/topin-vectors.json');
const sharedPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/protocols/topin-vectors.json');

interface Vector {
  name: string;
  hex: string;
  expect: Record<string, unknown>;
  reply: string | null;
}
const vectors = (JSON.parse(readFileSync(vectorsPath, 'utf8')) as { frames: Vector[] }).frames;

function frameOf(hex: string): Frame {
  const frame = toFrame(fromHex(hex));
  if (!frame) throw new Error(`not a frame: ${hex}`);
  return frame;
}

/** Checks every key of a vector's `expect` against the decoding; an unknown key fails the test. */
function expectMatches(msg: TopinMessage, frame: Frame, expected: Record<string, unknown>) {
  for (const [key, want] of Object.entries(expected)) {
    const m = msg as unknown as Record<string, unknown>;
    switch (key) {
      case 'type':
        expect(frame.type, key).toBe(parseInt(String(want), 16));
        break;
      case 'heartbeat':
        expect(msg.kind === 'heartbeat', key).toBe(want);
        break;
      case 'alarm':
        // A number is the WI-FI/LBS alarm byte; a name is the alarm message kind.
        if (typeof want === 'number') expect(msg.kind === 'wifiLbs' && msg.alarm?.raw, key).toBe(want);
        else expect(msg.kind, key).toBe(want);
        break;
      case 'time':
        expect((m.time as Date).toISOString(), key).toBe(new Date(String(want)).toISOString());
        break;
      case 'latitude':
      case 'longitude':
        // The JSON rounds to 6 decimals.
        expect(Math.abs((m[key] as number) - (want as number)), key).toBeLessThanOrEqual(5e-7 + 1e-12);
        break;
      case 'wifi':
        expect(msg.kind === 'wifiLbs' && msg.accessPoints.map((ap) => [ap.mac, ap.signalDbm]), key).toEqual(want);
        break;
      case 'wifiCount':
        expect(msg.kind === 'wifiLbs' && msg.accessPoints.length, key).toBe(want);
        break;
      case 'firstWifi':
        expect(msg.kind === 'wifiLbs' && [msg.accessPoints[0]?.mac, msg.accessPoints[0]?.signalDbm], key).toEqual(want);
        break;
      case 'cells':
        expect(msg.kind === 'wifiLbs' && msg.cells.map((c) => [c.lac, c.cellId, c.signal]), key).toEqual(want);
        break;
      case 'mcc':
      case 'mnc':
        expect(m[key], key).toBe(want);
        if (msg.kind === 'wifiLbs') for (const c of msg.cells) expect(c[key], `cell ${key}`).toBe(want);
        break;
      case 'imei':
      case 'firmware':
      case 'satellites':
      case 'speedKmh':
      case 'course':
      case 'valid':
      case 'battery':
      case 'timezone':
      case 'statusIntervalMin':
      case 'signal':
      case 'charging':
        expect(m[key], key).toBe(want);
        break;
      default:
        throw new Error(`vector key '${key}' has no check`);
    }
  }
}

/** What the gateway sends back, from the package's encoders. */
function replyFor(msg: TopinMessage, frame: Frame, now: Date): Uint8Array[] {
  switch (msg.kind) {
    case 'login':
      return [loginReply(true), timePacket(now)];
    case 'timeRequest':
      return [timePacket(now)];
    case 'status':
      return [statusReply()];
    default: {
      const ack = ackFor(frame);
      return ack ? [ack] : [];
    }
  }
}

const NOW = new Date('2024-02-29T23:59:58Z');
const TIME_FRAME = '7878073007e8021d173b3a0d0a';

describe('topin-vectors.json', () => {
  it('has the frames this suite was written for', () => {
    expect(vectors.map((v) => v.name)).toHaveLength(10);
  });

  for (const v of vectors) {
    describe(v.name, () => {
      const raw = fromHex(v.hex);

      it('is cut whole from the stream, alone and between the other vectors', () => {
        expect(new TopinFramer().push(raw).map((f) => toHex(f.raw))).toEqual([toHex(raw)]);
        const stream = concatBytes(...vectors.map((o) => fromHex(o.hex)));
        const framer = new TopinFramer();
        const frames = [...stream].flatMap((b) => framer.push(Uint8Array.of(b)));
        expect(frames.map((f) => toHex(f.raw))).toEqual(vectors.map((o) => o.hex.toLowerCase()));
        expect(framer.buffered).toBe(0);
      });

      it('decodes to what the JSON says', () => {
        const frame = frameOf(v.hex);
        const msg = decodeFrame(frame);
        expect(msg.kind).not.toBe('malformed');
        expect(msg.kind).not.toBe('unknown');
        expectMatches(msg, frame, v.expect);
      });

      it('gets the reply the JSON gives', () => {
        const frame = frameOf(v.hex);
        const sent = replyFor(decodeFrame(frame), frame, NOW).map(toHex);
        if (v.reply === null) {
          expect(sent).toEqual([]);
          return;
        }
        switch (v.name) {
          case 'login':
            // The JSON writes "7878010101 0d0a" (an extra 01). docs/protocols/TOPIN.md, the vendor document and
            // the vendor server's log ("OUT 787801010D0A") all give 78 78 01 01 0D 0A.
            expect(v.reply).toMatch(/then a 0x30 time frame/);
            expect(sent).toEqual(['787801010d0a', TIME_FRAME]);
            break;
          case 'time request':
            expect(v.reply).toMatch(/^78780730 YYYY MM DD hh mm ss 0d0a/);
            expect(sent).toEqual([TIME_FRAME]);
            break;
          default: {
            // Plain hex, possibly followed by a remark in parentheses.
            const hex = v.reply.replace(/\(.*\)/, '').replace(/\s+/g, '');
            expect(sent).toEqual([hex.toLowerCase()]);
          }
        }
      });
    });
  }
});

describe('the vector copy', () => {
  it.runIf(existsSync(sharedPath))('matches shared/protocols/topin-vectors.json', () => {
    expect(readFileSync(vectorsPath, 'utf8')).toBe(readFileSync(sharedPath, 'utf8'));
  });
});
