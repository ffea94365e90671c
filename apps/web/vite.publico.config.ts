import { defineConfig } from 'vite';
import { precompress } from './vite.compressao';

/**
 * The public page of a share link (/p/<token>, issue #19): a build of its own, after the app's, into
 * the same dist/ — so none of the app's chunks (React, MUI) is shared with it and it stays small
 * (bench/web: web.public_link_js_gzip ≤ 120 kB with the map).
 */
export default defineConfig({
  plugins: [precompress()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: 'hidden',
    rolldownOptions: {
      input: { publico: new URL('./publico.html', import.meta.url).pathname },
      output: {
        entryFileNames: 'assets/link-publico-[hash].js',
        chunkFileNames: 'assets/link-publico-[name]-[hash].js',
        assetFileNames: 'assets/link-publico-[name]-[hash][extname]',
      },
    },
  },
});
