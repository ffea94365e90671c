import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const ler = (arquivo: string) => readFileSync(path.join(raiz, arquivo), 'utf8');

describe('the Node version the README promises', () => {
  it('runs every package the lockfile installs (no EBADENGINE on npm install)', () => {
    const minimo = /Node\.js (\d+\.\d+)\+/.exec(ler('README.md'))?.[1];
    expect(minimo).toBeDefined();
    const versao = `${minimo ?? ''}.0`;
    const raizPkg = JSON.parse(ler('package.json')) as { engines: { node: string } };
    expect(semver.satisfies(versao, raizPkg.engines.node)).toBe(true);
    const lock = JSON.parse(ler('package-lock.json')) as { packages: Record<string, { engines?: { node?: string } }> };
    const exigemMais = Object.entries(lock.packages)
      .filter(([nome, p]) => nome !== '' && p.engines?.node !== undefined && !semver.satisfies(versao, p.engines.node))
      .map(([nome, p]) => `${nome} (${p.engines?.node ?? ''})`);
    expect(exigemMais).toEqual([]);
  });
});
