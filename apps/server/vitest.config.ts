import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../eval/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Test files share their worker's loaded modules: each file's own app, database and servers are
    // what keep tests apart (see test/test-app.ts), and loading the app once per worker instead of
    // once per file halves the suite's time.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
