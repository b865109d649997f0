import { mkdirSync } from 'node:fs';
import { PGlite, protocol } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable, Row, TenantQueryable, TenantWorkOptions } from './database.js';
import { InvalidationBus } from './invalidation.js';
import { pgliteMaintenance, type PgliteMaintenancePolicy } from './pglite-maintenance.js';
import { PgliteSession } from './pglite-session.js';
import { observed, type StatementObserver } from './statement-observer.js';
import { databaseUnavailable, translateDatabaseError } from './sql-errors.js';
import { TENANT_ROLE, tenantContextSql } from './tenant-context.js';
import { registerTenantEngine } from './with-tenant.js';

/**
 * The tenant context of a read that runs without BEGIN: in the extended protocol, statements up to
 * the next Sync form one implicit transaction, so these transaction-local settings hold for the
 * statement sent behind them in the same call, and end with it.
 */
const READ_CONTEXT =
  "select set_config('role', $1, true), set_config('app.tenant_id', $2, true), set_config('transaction_read_only', 'on', true)";

async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw translateDatabaseError(error);
  }
}

/**
 * PostgreSQL's default (128MB) lives inside PGlite's WebAssembly memory and is all touched at
 * start: ~120 MiB of resident memory for a cache of files the OS caches anyway. One connection
 * and an embedded-sized database need far less (docs/operations.md, "Memory of the embedded database").
 */
export const DEFAULT_SHARED_BUFFERS = '16MB';

/** The engine behind each database `openPglite` answered, for `pgliteImage`. */
const engines = new WeakMap<Database, { pg: PGlite; exclusive: <T>(fn: () => Promise<T>) => Promise<T> }>();

export interface OpenPgliteOptions {
  /** Sees every statement before it is sent (tests). */
  observer?: StatementObserver;
  sharedBuffers?: string;
  /**
   * A data directory image (`pgliteImage`) the new database starts from instead of an empty
   * cluster made by initdb: a copy, nothing shared with the database it came from. The test suite
   * opens each migrated test database this way (docs/testing.md); the service never passes it.
   */
  loadDataDir?: Blob;
  /** Statistics and dead-row cleanup autovacuum would do (pglite-maintenance.ts); none when absent. */
  maintenance?: PgliteMaintenancePolicy;
}

/**
 * Embedded PostgreSQL. PGlite is a single connection, so every transaction and every top-level
 * statement is serialised through one queue: a statement never runs inside another's transaction.
 * `dataDir` undefined keeps the database in memory (tests); `observer` sees every statement (tests).
 *
 * Statements go through `PgliteSession` (one engine call each, prepared once). An explicit
 * transaction's BEGIN and tenant context travel in the same call as its first statement, so a
 * one-statement write costs two calls (statement, COMMIT); a read outside a transaction costs one.
 */
export async function openPglite(
  dataDir: string | undefined,
  { observer, sharedBuffers = DEFAULT_SHARED_BUFFERS, loadDataDir, maintenance: policy }: OpenPgliteOptions = {},
): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    extensions: { unaccent, pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const session = new PgliteSession(pg);
  let queue: Promise<unknown> = Promise.resolve();
  // Once closed (the service is stopping), work still queued answers SERVICE_UNAVAILABLE: PGlite
  // itself would fail with a TypeError from inside its WebAssembly module.
  let closed = false;
  let closing: Promise<void> | undefined;
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const guarded = () => (closed ? Promise.reject(databaseUnavailable()) : fn());
    const run = queue.then(guarded, guarded);
    queue = run.catch(() => undefined);
    return run;
  };

  /**
   * Runs `fn` in BEGIN … COMMIT. `begin` (BEGIN and any preamble) goes out with its first statement;
   * COMMIT goes out with its last when `fn` says which one that is (`queryAndCommit`).
   */
  const maintenance = policy ? pgliteMaintenance(policy, (sql) => exclusive(() => session.simple(sql))) : undefined;

  const transaction = <T>(fn: (tx: TenantQueryable) => Promise<T>, begin: string, tenantId?: string) =>
    exclusive(async () => {
      const writes = !begin.startsWith('begin read only');
      let pending: Uint8Array[] | null = [protocol.serialize.query(begin)];
      let committed = false;
      /** BEGIN for the first statement sent, nothing for the others. */
      const take = () => {
        const before = pending ?? [];
        pending = null;
        return before;
      };
      const opening = () => {
        if (committed) throw new Error('the transaction has been committed; no statement may follow queryAndCommit');
        return take();
      };
      const tx: TenantQueryable = {
        query: <R extends Row>(text: string, params?: readonly unknown[]) => translated(session.query<R>(text, params, opening)),
        exec: (script) => translated(session.simple(script, opening)),
        queryAndCommit: <R extends Row>(text: string, params?: readonly unknown[]) => {
          if (committed) return Promise.reject(new Error('the transaction has been committed'));
          committed = true;
          return translated(session.queryThenCommit<R>(text, params ?? [], take));
        },
        // One session: nothing to gain by reading outside the transaction.
        readCommitted: <R extends Row>(text: string, params?: readonly unknown[]) => tx.query<R>(text, params),
      };
      try {
        const result = await fn(observed(tx, observer, tenantId));
        if (pending === null && !committed) await translated(session.simple('commit'));
        // A write transaction that sent something: autovacuum's count (queued behind this one).
        if (pending === null && writes) maintenance?.wrote();
        return result;
      } catch (error) {
        if (pending === null) await session.simple('rollback').catch(() => undefined);
        throw error;
      }
    });

  /** A read without BEGIN: each statement runs with the tenant context in front, in one call. */
  const tenantRead = <T>(tenantId: string, fn: (tx: TenantQueryable) => Promise<T>) => {
    const tenant = tenantId.toLowerCase();
    const query = <R extends Row>(text: string, params?: readonly unknown[]) =>
      exclusive(() =>
        translated(
          session
            .statementMessages(READ_CONTEXT, [TENANT_ROLE, tenant], tenant)
            .then((before) => session.query<R>(text, params, () => before)),
        ),
      );
    const tx: TenantQueryable = {
      query,
      queryAndCommit: query,
      readCommitted: query,
      exec: () => Promise.reject(new Error('exec is not available in a read outside a transaction')),
    };
    return fn(observed(tx, observer, tenantId));
  };

  const top = observed<Queryable>(
    {
      query: (text, params) => exclusive(() => translated(session.query(text, params))),
      exec: (script) => exclusive(() => translated(session.simple(script))),
    },
    observer,
  );
  const db: Database = {
    kind: 'pglite',
    // One process owns an embedded database: its own dispatch after COMMIT is all there is to hear.
    invalidations: new InvalidationBus(),
    query: top.query,
    exec: top.exec,
    transaction: (fn, options) => transaction(fn, options?.readOnly ? 'begin read only' : 'begin'),
    close: () =>
      (closing ??= exclusive(async () => {
        closed = true;
        await pg.close();
      })),
  };
  registerTenantEngine(db, <T>(tenantId: string, options: TenantWorkOptions, fn: (tx: TenantQueryable) => Promise<T>) => {
    if (options.readOnly && !options.transaction) return tenantRead(tenantId, fn);
    return transaction(fn, `${options.readOnly ? 'begin read only' : 'begin'}; ${tenantContextSql(tenantId)}`, tenantId);
  });
  engines.set(db, { pg, exclusive });
  return db;
}

/**
 * The data directory of an embedded database as an uncompressed tarball (PGlite's `dumpDataDir`),
 * taken between statements: `openPglite(undefined, { loadDataDir })` opens a copy of it. The test
 * suite migrates one database per run and opens every test database from its image.
 */
export function pgliteImage(db: Database): Promise<Blob> {
  const engine = engines.get(db);
  if (!engine) return Promise.reject(new Error('pgliteImage: not a database openPglite opened'));
  return engine.exclusive(async () => {
    // Written out now, so that each copy opens without replaying the migrations' WAL.
    await engine.pg.exec('checkpoint');
    return engine.pg.dumpDataDir('none');
  });
}
