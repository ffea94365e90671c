import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'testes', include: ['src/**/*.test.ts'] },
});
