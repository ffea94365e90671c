import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/topin', 'apps/server', 'apps/web', 'tools/simulator', 'tools/testes', 'tools/psp-pix'],
  },
});
