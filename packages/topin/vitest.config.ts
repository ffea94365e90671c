import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'topin', include: ['src/**/*.test.ts'] },
});
