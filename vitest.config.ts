import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/topin', 'apps/server', 'apps/web', 'tools/simulator', 'tools/testes', 'tools/psp-pix'],
    // Vitest's default is one worker fewer than the cores: one on CI's two, which left a core idle
    // while a file waited on a socket or a timer. Two there took the web suite from 524 s to 349 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
