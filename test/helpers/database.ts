import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { Database } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openPglite } from '../../src/db/pglite.js';
import { openPostgres } from '../../src/db/postgres.js';
import type { StatementObserver } from '../../src/db/statement-observer.js';
import { createRouterTap } from './distribution/tap.js';

/** Which database this test run uses: set per Vitest project (vitest.config.ts). */
export const TEST_DATABASE: 'pglite' | 'postgres' = process.env.TB_TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';

/** The `citus` project: the PostgreSQL server is the Citus coordinator of CITUS_URL. */
const ON_CITUS = process.env.TB_TEST_CITUS === '1';

export interface TestDatabase {
  db: Database;
  /** The server URL of this database (postgres only). */
  url: string | undefined;
  drop(): Promise<void>;
}

interface Options {
  migrated?: boolean;
  upTo?: number;
  tenantContext?: 'session' | 'transaction';
}

/**
 * A fresh, empty database: in-memory PGlite, a new database on the DATABASE_URL server, or on a
 * Citus coordinator (CITUS_URL) a new schema of its database; `drop()` removes it. `migrated:
 * false` leaves it without schema (upgrade tests). `tenantContext` chooses how PostgreSQL reads get
 * their tenant (PGlite has one way: transaction-local).
 */
export async function createTestDatabase(options: Options = {}): Promise<TestDatabase> {
  // Every statement of every test database goes through the router check (docs/scaling.md).
  const observer = await createRouterTap();
  let result: TestDatabase;
  if (TEST_DATABASE === 'pglite') {
    const db = await openPglite(undefined, { observer });
    result = { db, url: undefined, drop: () => db.close().catch(() => undefined) };
  } else {
    result = ON_CITUS ? await onCitus(observer, options) : await onServer(observer, options);
  }
  if (options.migrated !== false) await migrate(result.db, options.upTo === undefined ? {} : { upTo: options.upTo });
  return result;
}

const name = () => `tb_test_${process.pid}_${randomBytes(4).toString('hex')}`;

/** The server test database at `url`; `drop()` closes it, then runs `dropSql` as `admin`. */
async function opened(
  url: URL,
  admin: postgres.Sql,
  dropSql: string,
  observer: StatementObserver,
  options: Options,
): Promise<TestDatabase> {
  const tenantContext = options.tenantContext ? { tenantContext: options.tenantContext } : {};
  const db = await openPostgres(url.toString(), { max: 5, observer, ...tenantContext });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close().catch(() => undefined);
      await admin.unsafe(dropSql);
      await admin.end();
    },
  };
}

async function onServer(observer: StatementObserver, options: Options): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TB_TEST_DATABASE=postgres needs DATABASE_URL');
  const database = name();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return opened(url, admin, `drop database if exists ${database} with (force)`, observer, options);
}

/**
 * On Citus a database is a cluster of its own (its nodes are registered in it), so each test
 * database is a schema of CITUS_URL's database, made first in the search path (a startup parameter
 * carried by the URL). The extensions the migrations create stay in `public`, shared by every
 * schema, where the migrations expect them.
 */
async function onCitus(observer: StatementObserver, options: Options): Promise<TestDatabase> {
  const serverUrl = process.env.CITUS_URL;
  if (!serverUrl) throw new Error('TB_TEST_CITUS=1 needs CITUS_URL');
  const schema = name();
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  for (const extension of ['unaccent', 'pg_trgm', 'btree_gin']) {
    // Test files start at once: another may be creating it (unique_violation, duplicate_object).
    await admin.unsafe(`create extension if not exists ${extension} schema public`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42710') throw error;
    });
  }
  await admin.unsafe(`create schema ${schema}; grant usage on schema ${schema} to public`);
  const url = new URL(serverUrl);
  url.searchParams.set('search_path', `${schema},public`);
  return opened(url, admin, `drop schema if exists ${schema} cascade`, observer, options);
}
