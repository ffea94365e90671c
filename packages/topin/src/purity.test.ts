import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The codec runs in the gateway, the simulator and maybe a browser tool: no I/O, no Node APIs.
const srcDir = path.dirname(fileURLToPath(import.meta.url));
const codecFiles = readdirSync(srcDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'arbitraries.ts');

describe('the codec is pure', () => {
  it('has its modules and no barrel file', () => {
    expect(codecFiles).toContain('framer.ts');
    expect(codecFiles).not.toContain('index.ts');
  });

  for (const file of codecFiles) {
    it(`${file} imports only sibling modules and uses no Node globals`, () => {
      const code = readFileSync(path.join(srcDir, file), 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      const imports = [...code.matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);
      expect(imports.filter((i) => !i?.startsWith('./'))).toEqual([]);
      expect(code).not.toMatch(/\b(Buffer|process|require|globalThis|setTimeout|setInterval|console)\b/);
    });
  }
});
