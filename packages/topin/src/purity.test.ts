import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The codec runs in the gateway, the simulator and maybe a browser tool: no I/O, no Node APIs.
const srcDir = path.dirname(fileURLToPath(import.meta.url));
// By direction: device-to-server/ (what a tracker sends), server-to-device/ (what we send it).
const codecFiles = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'arbitraries.ts')
  .sort();
/** A relative import that stays inside the codec's own sources. */
const doCodec = (arquivo: string, i: string | undefined) =>
  i !== undefined && /^\.\.?\//.test(i) && !path.relative(srcDir, path.resolve(srcDir, path.dirname(arquivo), i)).startsWith('..');

describe('the codec is pure', () => {
  it('has its modules and no barrel file', () => {
    expect(codecFiles).toContain('framer.ts');
    expect(codecFiles).toContain(path.join('device-to-server', 'decode.ts'));
    expect(codecFiles).toContain(path.join('server-to-device', 'encode.ts'));
    expect(codecFiles).not.toContain('index.ts');
  });

  for (const file of codecFiles) {
    it(`${file} imports only the codec's own modules and uses no Node globals`, () => {
      const code = readFileSync(path.join(srcDir, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      const imports = [...code.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
      expect(imports.filter((i) => !doCodec(file, i))).toEqual([]);
      expect(code).not.toMatch(/\b(Buffer|process|require|globalThis|setTimeout|setInterval|console)\b/);
    });
  }
});
