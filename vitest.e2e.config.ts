import { defineConfig } from 'vitest/config';

// The console's end-to-end tests: the real service on a free port, driven in Debian's Chromium.
// Apart from `npm test` (they need a browser and the built console): `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    env: { TB_TEST_DATABASE: 'pglite' },
  },
});
