import { defineConfig } from 'vitest/config';

// One project per database. `npm test` always runs the embedded database (PGlite);
// with DATABASE_URL set, the same files also run against that PostgreSQL server, and with
// CITUS_URL against a Citus coordinator.
const common = {
  include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // What only a Citus cluster can show: the `citus` project adds it.
  exclude: ['test/citus/**', '**/node_modules/**'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  // The router check (docs/scaling.md): every test database taps its statements; a statement that
  // a database distributed by tenant_id could not route to one shard fails the test that sent it.
  globalSetup: ['test/helpers/distribution/global-setup.ts', 'test/helpers/build-dist.ts'],
  setupFiles: ['test/helpers/distribution/setup.ts'],
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...common, name: 'pglite', env: { TB_TEST_DATABASE: 'pglite' } } },
      ...(process.env.DATABASE_URL ? [{ test: { ...common, name: 'postgres', env: { TB_TEST_DATABASE: 'postgres' } } }] : []),
      // CITUS_URL: a Citus coordinator's database (citus extension created, worker nodes added);
      // each test database is a schema of it, distributed by migration 011 (docs/scaling.md).
      ...(process.env.CITUS_URL
        ? [
            {
              test: {
                ...common,
                name: 'citus',
                exclude: ['**/node_modules/**'],
                env: { TB_TEST_DATABASE: 'postgres', TB_TEST_CITUS: '1' },
              },
            },
          ]
        : []),
    ],
  },
});
