import postgres from 'postgres';
import type { Database, Queryable, Row, TenantQueryable, TenantWorkOptions, TransactionOptions } from './database.js';
import { INVALIDATION_CHANNEL, InvalidationBus } from './invalidation.js';
import { Lanes, prepared } from './postgres-lanes.js';
import { translateDatabaseError } from './sql-errors.js';
import { observed, type StatementObserver } from './statement-observer.js';
import { TENANT_ROLE, tenantContextSql } from './tenant-context.js';
import { registerTenantEngine } from './with-tenant.js';

function adapt(sql: postgres.Sql): Queryable {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        return (await prepared(sql, text, params)) as T[];
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
    async exec(script: string) {
      try {
        await sql.unsafe(script);
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
  };
}

const ignore = () => undefined;

/**
 * Runs `fn` in one transaction: `begin` (a parameter-free script) opens it, COMMIT closes it — sent
 * behind `fn`'s last statement when `fn` says which one is last (`queryAndCommit`) — and any failure
 * rolls it back.
 *
 * The connection is taken with the first statement, not before `fn` runs: work that fails before
 * touching the database holds none. `pipelined` sends `begin` without waiting, in the same packet as
 * the first statement (else it is awaited before `fn` runs); its failure still surfaces (awaited
 * before COMMIT), and statements behind it fail with it. With `lanes`, a transaction whose first
 * statement is also its last (`queryAndCommit`, a record save) reserves nothing: `begin`, the
 * statement and COMMIT are queued in one step on a one-connection lane (see Lanes), where nothing
 * can come between them. Otherwise a connection is reserved from `pool` and returned at the end.
 */
async function transactOn<T>(
  pool: postgres.Sql,
  begin: string,
  options: { pipelined: boolean; lanes?: Lanes },
  fn: (tx: TenantQueryable) => Promise<T>,
): Promise<T> {
  let conn: postgres.ReservedSql | undefined;
  let connecting: Promise<Queryable> | undefined;
  let started: Promise<unknown> | undefined;
  let committed = false;
  // Statements issued in order are queued in order: each waits on the same promise, and `begin` is
  // queued in the first callback.
  const connection = () =>
    (connecting ??= pool.reserve().then((reserved) => {
      conn = reserved;
      started = reserved.unsafe(begin).execute();
      started.catch(ignore); // surfaces through `await started`
      return adapt(reserved);
    }));
  const open = () => {
    if (committed) throw new Error('the transaction has been committed; no statement may follow queryAndCommit');
  };
  const tx: TenantQueryable = {
    query: async (text, params) => (open(), (await connection()).query(text, params)),
    exec: async (script) => (open(), (await connection()).exec(script)),
    queryAndCommit: async <R extends Row>(text: string, params?: readonly unknown[]) => {
      open();
      committed = true;
      if (!connecting && options.lanes) return options.lanes.transactOne<R>(begin, text, params);
      const inner = await connection();
      // Both queued now, in this order, and written in the same packet; after a failed statement the
      // server answers COMMIT with ROLLBACK.
      const rows = inner.query<R>(text, params);
      const commit = conn!.unsafe('commit').execute();
      commit.catch(ignore); // awaited below, once the statement's own error had its turn
      const result = await rows;
      await commit.catch((error: unknown) => Promise.reject(translateDatabaseError(error)));
      return result;
    },
  };
  try {
    if (!options.pipelined) {
      await connection();
      await started;
    }
    const result = await fn(tx);
    if (connecting) await connecting;
    await started;
    if (!committed && conn) await conn.unsafe('commit');
    return result;
  } catch (error) {
    // If even ROLLBACK fails the socket is gone; postgres.js reconnects (fresh session) on next use.
    // After queryAndCommit it finds no transaction: a notice, ignored. A reservation still under way
    // is waited for, so that its connection is rolled back and returned too.
    await connecting?.catch(ignore);
    if (conn) await conn.unsafe('rollback').catch(ignore);
    throw translateDatabaseError(error);
  } finally {
    conn?.release();
  }
}

/**
 * A PostgreSQL 15+ server through postgres.js. The owner pool serves the global tables and
 * migrations. Tenant work never touches it: its connections start as TENANT_ROLE (the `role`
 * startup parameter, applied again on every reconnect). Tenant transactions use the write pool, or
 * a write lane when they are one statement (postgres-lanes.ts); neither ever carries a session-level
 * `app.tenant_id`, so a statement there sees only the rows of the tenant its own transaction set —
 * none outside one — and the context can be pipelined with the first statement. Tenant reads
 * outside a transaction use read lanes: read-only sessions where each statement is queued right
 * behind its own tenant.
 */
export interface PostgresOptions {
  max: number;
  /**
   * Where a read outside a transaction gets its tenant: 'session' (the default) sets it on the read
   * lane's session right ahead of the statement; 'transaction' wraps each such statement in its own
   * READ ONLY transaction with the transaction-local context, as a pooler in transaction mode
   * (PgBouncer) needs. On Citus it is always 'transaction': a worker sees only SET LOCAL.
   */
  tenantContext?: 'session' | 'transaction';
  /** A direct connection for LISTEN when `url` goes through a pooler in transaction mode. */
  listenUrl?: string;
  /** Sees every statement (tests: the router check). */
  observer?: StatementObserver;
}

export async function openPostgres(url: string, options: PostgresOptions): Promise<Database> {
  const { observer } = options;
  const common: postgres.Options<Record<string, postgres.PostgresType>> = {
    onnotice: () => undefined,
    // Like PGlite: a string bound to a json/jsonb parameter is JSON text, not a value to encode
    // again (postgres.js would store '"{…}"', a JSON string). Other values are encoded.
    types: {
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text) as unknown,
      },
    },
  };
  // Tenant requests are the load; the owner pool only sees cache misses, logins and administration.
  const sql = postgres(url, { ...common, max: Math.max(2, Math.ceil(options.max / 4)), connection: { application_name: 'tenantbase' } });
  // Tenant work runs as TENANT_ROLE (the `role` startup parameter, applied again on every reconnect).
  const tenantClient = (max: number, readOnly: boolean) =>
    postgres(url, {
      ...common,
      max,
      connection: {
        role: TENANT_ROLE,
        ...(readOnly
          ? { application_name: 'tenantbase-read', default_transaction_read_only: true }
          : { application_name: 'tenantbase-write' }),
      },
    });
  const writeSql = tenantClient(Math.max(2, Math.ceil(options.max / 2)), false);
  // One-statement transactions (record saves) go to write lanes, the others reserve a connection.
  const writeLanes = new Lanes(Math.max(2, Math.ceil(options.max / 4)), () => tenantClient(1, false));
  const readLanes = new Lanes(options.max, () => tenantClient(1, true));
  const [server] = await sql<{ citus: boolean }[]>`select exists (select 1 from pg_extension where extname = 'citus') as citus`;
  const citus = server?.citus === true;
  const readsInTransaction = citus || options.tenantContext === 'transaction';
  // Caches of other processes' changes: a (re)connected listener may have missed notifications.
  const invalidations = new InvalidationBus();
  const listener = options.listenUrl ? postgres(options.listenUrl, { ...common, max: 1 }) : sql;
  await listener.listen(
    INVALIDATION_CHANNEL,
    (payload) => invalidations.receive(payload),
    () => invalidations.dispatch(null),
  );
  const top = observed(adapt(sql), observer);
  const db: Database = {
    kind: 'postgres',
    invalidations,
    query: top.query,
    exec: top.exec,
    /** An owner transaction on a reserved connection, BEGIN awaited before `fn` runs. */
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: TransactionOptions) {
      return transactOn(sql, txOptions?.readOnly ? 'begin read only' : 'begin', { pipelined: false }, (tx) => fn(observed(tx, observer)));
    },
    close: async () => {
      await Promise.all([
        sql.end({ timeout: 5 }),
        readLanes.end({ timeout: 5 }),
        writeLanes.end({ timeout: 5 }),
        writeSql.end({ timeout: 5 }),
        listener === sql ? undefined : listener.end({ timeout: 5 }),
      ]);
    },
  };
  /**
   * Transactions (writes, and reads that asked for one): BEGIN and the tenant context (one
   * simple-protocol message) are sent, not awaited: postgres.js writes them in the same packet as
   * `fn`'s first statement, and the server runs them in order. Had they failed, the statements
   * behind them fail too (aborted transaction) or, outside a transaction, run as TENANT_ROLE
   * without a tenant and see no rows.
   *
   * Reads with `transaction: false`: no reserved connection; each statement goes out with its
   * tenant in front of it on a read lane (see Lanes) — at session level, or with
   * `readsInTransaction` in a READ ONLY transaction of its own (BEGIN and context, statement,
   * COMMIT queued as one unit). Under READ COMMITTED a READ ONLY transaction gives its statements
   * nothing more (each statement has its own snapshot either way) except transaction-local
   * settings, which here last one statement.
   */
  registerTenantEngine(db, async <T>(tenantId: string, txOptions: TenantWorkOptions, fn: (tx: TenantQueryable) => Promise<T>) => {
    if (txOptions.readOnly && !txOptions.transaction) {
      const begin = readsInTransaction ? `begin read only; ${tenantContextSql(tenantId, { citus })}` : undefined;
      const query = <R extends Row>(text: string, params?: readonly unknown[]) =>
        begin ? readLanes.transactOne<R>(begin, text, params) : readLanes.read<R>(tenantId, text, params);
      // Like PGlite's: a script could change the session's tenant, and no tenant read needs one.
      const tx: TenantQueryable = {
        query,
        queryAndCommit: query,
        exec: () => Promise.reject(new Error('exec is not available in a read outside a transaction')),
      };
      return fn(observed(tx, observer, tenantId));
    }
    const begin = `${txOptions.readOnly ? 'begin read only' : 'begin'}; ${tenantContextSql(tenantId, { citus })}`;
    return transactOn(writeSql, begin, { pipelined: true, lanes: writeLanes }, (tx) => fn(observed(tx, observer, tenantId)));
  });
  return db;
}
