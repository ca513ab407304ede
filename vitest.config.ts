import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
    // Vitest's default is one worker per core but one, so a single worker on 2 cores; most test files
    // spend their time waiting on servers, timers and child processes, so two share the cores well.
    maxWorkers: 2,
  },
});
