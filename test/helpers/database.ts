import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
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
  /** PostgreSQL: the deadline of every database call (DATABASE_CALL_TIMEOUT_MS). */
  callTimeoutMs?: number;
  /** Sees every statement too, after the router check (a test counting what a call sends). */
  observer?: StatementObserver;
}

/**
 * The migrated image of this run (global-setup.ts), read once per test file; undefined in a run
 * whose global setup makes none (the console's end-to-end run): its databases migrate from empty.
 */
let image: Blob | undefined;
const migratedImage = (): Blob | undefined => {
  const path = inject('pgliteImage') as string | undefined;
  return path === undefined ? undefined : (image ??= new Blob([readFileSync(path)]));
};

/**
 * A fresh, empty database: in-memory PGlite, a new database on the DATABASE_URL server, or on a
 * Citus coordinator (CITUS_URL) a new schema of its database; `drop()` removes it. `migrated:
 * false` leaves it without schema (upgrade tests). `tenantContext` chooses how PostgreSQL reads get
 * their tenant (PGlite has one way: transaction-local).
 *
 * A fully migrated database is a copy of what the global setup migrated for this run: on PGlite
 * its data directory image (initdb and the migrations cost seconds per database), on the server
 * its template database; `migrate` then finds nothing to apply. `migrated: false` and `upTo` start
 * empty and migrate as far as asked. On Citus each schema is migrated (migration 011 distributes
 * its tables).
 */
export async function createTestDatabase(options: Options = {}): Promise<TestDatabase> {
  // Every statement of every test database goes through the router check (docs/scaling.md).
  const tap = await createRouterTap();
  const extra = options.observer;
  const observer: StatementObserver = extra
    ? {
        beforeStatement(statement) {
          tap.beforeStatement(statement);
          extra.beforeStatement(statement);
        },
      }
    : tap;
  let result: TestDatabase;
  if (TEST_DATABASE === 'pglite') {
    const loadDataDir = options.migrated !== false && options.upTo === undefined ? migratedImage() : undefined;
    const db = await openPglite(undefined, { observer, ...(loadDataDir ? { loadDataDir } : {}) });
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
  const callTimeout = options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs };
  const db = await openPostgres(url.toString(), { max: 5, observer, ...tenantContext, ...callTimeout });
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
  // Migrated: a copy of the template the global setup migrated for this run.
  const fromTemplate = options.migrated !== false && options.upTo === undefined;
  await admin.unsafe(`create database ${database}${fromTemplate ? ` template ${inject('postgresTemplate')}` : ''}`);
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
