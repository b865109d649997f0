import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import { createRouterTap } from './distribution/tap.js';

/** Which database this test run uses: set per Vitest project (vitest.config.ts). */
export const TEST_DATABASE: 'pglite' | 'postgres' = process.env.TB_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  /** The server URL of this database (postgres only). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database: in-memory PGlite, or a new database on the DATABASE_URL server that
 * `drop()` removes. `migrated: false` leaves it without schema (upgrade tests). `tenantContext`
 * chooses how PostgreSQL reads get their tenant (PGlite has one way: transaction-local).
 */
export async function createTestDatabase(
  options: { migrated?: boolean; upTo?: number; tenantContext?: 'session' | 'transaction' } = {},
): Promise<TestDatabase> {
  let result: TestDatabase;
  // Every statement of every test database goes through the router check (docs/scaling.md).
  const observer = await createRouterTap();
  if (TEST_DATABASE === 'pglite') {
    const db = await openPglite(undefined, { observer });
    result = { db, url: undefined, drop: () => db.close().catch(() => undefined) };
  } else {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('TB_TEST_DATABASE=postgres needs DATABASE_URL');
    const name = `tb_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), {
      max: 5,
      observer,
      ...(options.tenantContext ? { tenantContext: options.tenantContext } : {}),
    });
    result = {
      db,
      url: url.toString(),
      drop: async () => {
        await db.close().catch(() => undefined);
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  if (options.migrated !== false) await migrate(result.db, options.upTo === undefined ? {} : { upTo: options.upTo });
  return result;
}
