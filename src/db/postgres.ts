import postgres from 'postgres';
import type { Database, Queryable, Row, TenantQueryable, TenantWorkOptions, TransactionOptions } from './database.js';
import { INVALIDATION_CHANNEL, InvalidationBus } from './invalidation.js';
import { arrayTypes } from './postgres-arrays.js';
import { ExclusiveClients, type OneConnection } from './postgres-exclusive.js';
import { deadline, Lanes, prepared } from './postgres-lanes.js';
import { databaseUnavailable, isDatabaseUnavailable, translateDatabaseError } from './sql-errors.js';
import { observed, type StatementObserver } from './statement-observer.js';
import { TENANT_ROLE, tenantContextSql } from './tenant-context.js';
import { registerTenantEngine } from './with-tenant.js';

/** `within`: a deadline in milliseconds, for a pool (the owner pool): past it the call answers SERVICE_UNAVAILABLE. */
function adapt(sql: postgres.Sql, within?: number): Queryable {
  const bounded = async <R>(work: Promise<R>): Promise<R> => {
    if (within === undefined) return work;
    const overdue = deadline(within, ignore);
    try {
      return await Promise.race([work, overdue.expired]);
    } finally {
      overdue.clear();
    }
  };
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        return (await bounded(prepared(sql, text, params))) as T[];
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
    async exec(script: string) {
      try {
        await bounded(sql.unsafe(script).execute());
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
  };
}

const ignore = () => undefined;

/**
 * Runs `fn` in one transaction on a client of `clients`: `begin` (a parameter-free script) opens it, COMMIT closes it — sent
 * behind `fn`'s last statement when `fn` says which one is last (`queryAndCommit`) — and any failure
 * rolls it back.
 *
 * The connection is taken with the first statement, not before `fn` runs: work that fails before
 * touching the database holds none. `pipelined` sends `begin` without waiting, in the same packet as
 * the first statement (else it is awaited before `fn` runs); its failure still surfaces (awaited
 * before COMMIT), and statements behind it fail with it. With `lanes`, a transaction whose first
 * statement is also its last (`queryAndCommit`, a record save) reserves nothing: `begin`, the
 * statement and COMMIT are queued in one step on a one-connection lane (see Lanes), where nothing
 * can come between them. Otherwise a client is taken from `clients` and returned at the end.
 *
 * A lost connection (a statement failing with `isDatabaseUnavailable`, or the client counting a
 * loss since it was taken: OneConnection) ends the transaction for good: the server rolled it back
 * with the session, and the client runs whatever is sent or still queued on a new session, outside
 * any transaction. So nothing more is sent — later statements, ROLLBACK — every statement's answer
 * from then on is refused, and the transaction answers SERVICE_UNAVAILABLE.
 */
async function transactOn<T>(
  clients: ExclusiveClients,
  begin: string,
  options: { pipelined: boolean; lanes?: Lanes; unbounded?: boolean; readAhead?: ReadAhead },
  fn: (tx: TenantQueryable) => Promise<T>,
): Promise<T> {
  let conn: OneConnection | undefined;
  let losses = 0;
  let connecting: Promise<Queryable> | undefined;
  let started: Promise<unknown> | undefined;
  let committed = false;
  let lost = false;
  // A statement that outlived the deadline: its client is replaced on release (ExclusiveClients).
  let stuck = false;
  const watch = <R>(work: Promise<R>): Promise<R> => {
    const overdue = options.unbounded ? undefined : deadline(clients.deadline, () => void (stuck = lost = true));
    return (overdue ? Promise.race([work, overdue.expired]).finally(overdue.clear) : work).then(
      (value) => {
        if (conn && conn.losses !== losses) lost = true;
        if (lost) throw databaseUnavailable(); // it ran on a new session, outside the transaction
        return value;
      },
      (error: unknown) => {
        if (isDatabaseUnavailable(error)) lost = true;
        // After a loss (or BEGIN failing with one: porsager/postgres#1223) a statement may have run
        // on a new session outside the transaction; its own error is not the answer.
        else if (lost || (conn && conn.losses !== losses)) throw ((lost = true), databaseUnavailable(error));
        throw error;
      },
    );
  };
  // Statements issued in order are queued in order: each waits on the same promise, and `begin` is
  // queued in the first callback.
  const connection = () =>
    (connecting ??= clients.acquire().then((client) => {
      conn = client;
      losses = client.losses;
      started = watch(client.sql.unsafe(begin).execute());
      started.catch(ignore); // surfaces through `await started`
      return adapt(client.sql);
    }));
  const open = () => {
    if (committed) throw new Error('the transaction has been committed; no statement may follow queryAndCommit');
    if (lost) throw databaseUnavailable();
  };
  const tx: TenantQueryable = {
    query: async (text, params) => (open(), watch((await connection()).query(text, params))),
    exec: async (script) => (open(), watch((await connection()).exec(script))),
    queryAndCommit: async <R extends Row>(text: string, params?: readonly unknown[]) => {
      open();
      committed = true;
      if (!connecting && options.lanes) return options.lanes.transactOne<R>(begin, text, params);
      const inner = await connection();
      // Both queued now, in this order, and written in the same packet; after a failed statement the
      // server answers COMMIT with ROLLBACK.
      const rows = watch(inner.query<R>(text, params));
      const commit = watch(conn!.sql.unsafe('commit').execute());
      commit.catch(ignore); // awaited below, once the statement's own error had its turn
      const result = await rows;
      await commit.catch((error: unknown) => Promise.reject(translateDatabaseError(error)));
      return result;
    },
    // Before the first statement nothing is open yet: the read goes ahead on its own (a read lane).
    readCommitted: <R extends Row>(text: string, params?: readonly unknown[]) =>
      !connecting && options.readAhead ? (open(), options.readAhead<R>(text, params)) : tx.query<R>(text, params),
  };
  try {
    if (!options.pipelined) {
      await connection();
      await started;
    }
    const result = await fn(tx);
    if (connecting) await connecting;
    await started;
    if (!committed && conn) await watch(conn.sql.unsafe('commit').execute());
    return result;
  } catch (error) {
    // After queryAndCommit ROLLBACK finds no transaction: a notice, ignored. A client still being
    // taken is waited for, so that it is rolled back and returned too. A lost connection has no
    // transaction left to roll back (see above).
    await connecting?.catch(ignore);
    if (conn && !lost && !isDatabaseUnavailable(error)) await watch(conn.sql.unsafe('rollback').execute()).catch(ignore);
    throw translateDatabaseError(error);
  } finally {
    // A client whose connection was lost meanwhile is replaced too (see Lanes.reopen).
    if (conn) clients.release(conn, stuck || conn.losses !== losses);
  }
}

/** A tenant's read outside any transaction (TenantQueryable.readCommitted before the first statement). */
type ReadAhead = <R extends Row>(text: string, params?: readonly unknown[]) => Promise<R[]>;

/** See PostgresOptions.callTimeoutMs. */
export const DEFAULT_CALL_TIMEOUT_MS = 30_000;

/**
 * A PostgreSQL 15+ server through postgres.js. The owner pool serves the global tables and
 * migrations. Tenant work never touches it: its connections start as TENANT_ROLE (the `role`
 * startup parameter, applied again on every reconnect). Tenant transactions use the write clients
 * (postgres-exclusive.ts), or a write lane when they are one statement (postgres-lanes.ts); neither
 * ever carries a session-level `app.tenant_id`, so a statement there sees only the rows of the
 * tenant its own transaction set —
 * none outside one — and the context can be pipelined with the first statement. Tenant reads
 * outside a transaction use read lanes: read-only sessions where each statement is queued right
 * behind its own tenant.
 */
export interface PostgresOptions {
  max: number;
  /**
   * Milliseconds any database call may take before it answers SERVICE_UNAVAILABLE (default 30,000;
   * DATABASE_CALL_TIMEOUT_MS): a one-connection client whose call outlived it is ended and replaced.
   */
  callTimeoutMs?: number;
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
  const within = options.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
  const common: postgres.Options<Record<string, postgres.PostgresType>> = {
    onnotice: () => undefined,
    // Its start-up query's failure would be an unhandled rejection: see postgres-arrays.ts.
    fetch_types: false,
    // Like PGlite: a string bound to a json/jsonb parameter is JSON text, not a value to encode
    // again (postgres.js would store '"{…}"', a JSON string). Other values are encoded.
    types: {
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
        parse: (text: string) => JSON.parse(text) as unknown,
      },
      ...arrayTypes(),
    },
  };
  // Tenant requests are the load; the owner pool only sees cache misses, logins and administration.
  const ownerOptions = { ...common, connection: { application_name: 'tenantbase' } };
  const sql = postgres(url, { ...ownerOptions, max: Math.max(2, Math.ceil(options.max / 4)) });
  const ownerTransactions = new ExclusiveClients(
    Math.max(2, Math.ceil(options.max / 8)),
    (onclose) => postgres(url, { ...ownerOptions, max: 1, onclose }),
    within,
  );
  // Tenant work runs as TENANT_ROLE (the `role` startup parameter, applied again on every reconnect).
  const tenantClient = (readOnly: boolean, onclose: () => void) =>
    postgres(url, {
      ...common,
      max: 1,
      onclose,
      connection: {
        role: TENANT_ROLE,
        ...(readOnly
          ? { application_name: 'tenantbase-read', default_transaction_read_only: true }
          : { application_name: 'tenantbase-write' }),
      },
    });
  const writeTransactions = new ExclusiveClients(
    Math.max(2, Math.ceil(options.max / 2)),
    (onclose) => tenantClient(false, onclose),
    within,
  );
  // One-statement transactions (record saves) go to write lanes, the others take a client of their own.
  const writeLanes = new Lanes(Math.max(2, Math.ceil(options.max / 4)), (onclose) => tenantClient(false, onclose), within);
  const readLanes = new Lanes(options.max, (onclose) => tenantClient(true, onclose), within);
  const [server] = await sql<{ citus: boolean; readCommitted: boolean }[]>`
    select exists (select 1 from pg_extension where extname = 'citus') as citus,
           current_setting('default_transaction_isolation') = 'read committed' as "readCommitted"`;
  const citus = server?.citus === true;
  // A read ahead of a transaction answers what its first statement would only under READ COMMITTED
  // (a server or database set to a stricter default gets its reads inside the transaction).
  const readAhead = server?.readCommitted === true;
  const readsInTransaction = citus || options.tenantContext === 'transaction';
  // Caches of other processes' changes: a (re)connected listener may have missed notifications.
  const invalidations = new InvalidationBus();
  const listener = options.listenUrl ? postgres(options.listenUrl, { ...common, max: 1 }) : sql;
  await listener.listen(
    INVALIDATION_CHANNEL,
    (payload) => invalidations.receive(payload),
    () => invalidations.dispatch(null),
  );
  const top = observed(adapt(sql, within), observer);
  const db: Database = {
    kind: 'postgres',
    invalidations,
    query: top.query,
    exec: top.exec,
    /** An owner transaction on a client of its own, BEGIN awaited before `fn` runs. */
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: TransactionOptions) {
      const begin = txOptions?.readOnly ? 'begin read only' : 'begin';
      return transactOn(ownerTransactions, begin, { pipelined: false, unbounded: txOptions?.unbounded === true }, (tx) =>
        fn(observed(tx, observer)),
      );
    },
    close: async () => {
      await Promise.all([
        sql.end({ timeout: 5 }),
        ownerTransactions.end({ timeout: 5 }),
        readLanes.end({ timeout: 5 }),
        writeLanes.end({ timeout: 5 }),
        writeTransactions.end({ timeout: 5 }),
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
    const readBegin = readsInTransaction ? `begin read only; ${tenantContextSql(tenantId, { citus })}` : undefined;
    const read: ReadAhead = (text, params) =>
      readBegin ? readLanes.transactOne(readBegin, text, params) : readLanes.read(tenantId, text, params);
    if (txOptions.readOnly && !txOptions.transaction) {
      // Like PGlite's: a script could change the session's tenant, and no tenant read needs one.
      const tx: TenantQueryable = {
        query: read,
        queryAndCommit: read,
        readCommitted: read,
        exec: () => Promise.reject(new Error('exec is not available in a read outside a transaction')),
      };
      return fn(observed(tx, observer, tenantId));
    }
    const begin = `${txOptions.readOnly ? 'begin read only' : 'begin'}; ${tenantContextSql(tenantId, { citus })}`;
    return transactOn(writeTransactions, begin, { pipelined: true, lanes: writeLanes, readAhead: readAhead ? read : undefined }, (tx) =>
      fn(observed(tx, observer, tenantId)),
    );
  });
  return db;
}
