import { describe, expect, it } from 'vitest';
import { linhaDeCopy } from './copy';

describe('linhaDeCopy', () => {
  it('writes the COPY text format: tabs, \\N for null, t/f, ISO instants, escapes', () => {
    expect(linhaDeCopy([1, 'GPS', new Date('2026-11-29T01:02:03.456Z'), -23.5614, null, undefined, true, false])).toBe(
      '1\tGPS\t2026-11-29T01:02:03.456Z\t-23.5614\t\\N\t\\N\tt\tf\n',
    );
    expect(linhaDeCopy(['a\\b\tc\nd\re', Number.NaN])).toBe('a\\\\b\\tc\\nd\\re\t\\N\n');
  });
});
