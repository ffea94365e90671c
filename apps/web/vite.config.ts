import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the API listens in development (apps/server, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

const proxied = ['/api', '/oauth', '/users', '/health', '/docs'] as const;

export default defineConfig({
  plugins: [react()],
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
