import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'psp-pix', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
