import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where the API listens in development (apps/server, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

const proxied = ['/api', '/oauth', '/users', '/health', '/docs'] as const;

const gz = promisify(gzip);
const br = promisify(brotliCompress);

/**
 * Writes `.gz` and `.br` next to each text file of the build; the server (@fastify/static with
 * `preCompressed`) sends them to clients that accept the encoding. Built once, at the highest levels.
 */
function precompress(): Plugin {
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

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false, ws: prefix === '/api' }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every page is a lazy route; only the React runtime gets its own long-cached chunk.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 10 }],
        },
      },
    },
  },
});
