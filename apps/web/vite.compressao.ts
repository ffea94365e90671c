import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gz = promisify(gzip);
const br = promisify(brotliCompress);

/**
 * Writes `.gz` and `.br` next to each text file of the build; the server (@fastify/static with
 * `preCompressed`) sends them to clients that accept the encoding. Built once, at the highest levels.
 */
export function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  return {
    name: 'rastro-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => compressible.test(file) && !file.startsWith('.vite/'))
          .map(async (file) => {
            const full = path.join(dir, file);
            const raw = await readFile(full);
            if (raw.length < 1024) return;
            const [g, b] = await Promise.all([
              gz(raw, { level: 9 }),
              br(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            ]);
            await Promise.all([writeFile(`${full}.gz`, g), writeFile(`${full}.br`, b)]);
          }),
      );
    },
  };
}
