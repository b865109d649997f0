import postgres from 'postgres';
import type { Database, Queryable, Row, TenantQueryable, TenantWorkOptions, TransactionOptions } from './database.js';
import { dispatchInvalidation, INVALIDATION_CHANNEL, receiveNotification } from './invalidation.js';
import { translateDatabaseError } from './sql-errors.js';
import { TENANT_ROLE, tenantContextSql } from './tenant-context.js';

type Sql = postgres.Sql | postgres.TransactionSql;

function adapt(sql: Sql): Queryable {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        // Named prepared statements: an unnamed one costs two round trips per statement (postgres.js
        // first describes it to learn the parameter types). postgres.js keeps them per connection;
        // connections are recycled (max_lifetime), which bounds the set dynamic list queries make.
        // `.execute()`: queued on the connection now, in call order, not when first awaited.
        return (await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[], { prepare: true }).execute()) as unknown as T[];
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

/**
 * Runs `fn` in a transaction on a reserved connection: `begin` (a parameter-free script) opens it,
 * COMMIT closes it — sent behind `fn`'s last statement when `fn` says which one is last
 * (`queryAndCommit`) — any failure rolls it back, and the connection goes back to its pool.
 * `pipelined` sends `begin` without waiting, in the same packet as `fn`'s first statement; its
 * failure still surfaces (awaited before COMMIT), and statements behind it fail with it.
 */
async function transactOn<T>(
  conn: postgres.ReservedSql,
  begin: string,
  options: { pipelined: boolean },
  fn: (tx: TenantQueryable) => Promise<T>,
): Promise<T> {
  let committed = false;
  const open = () => {
    if (committed) throw new Error('the transaction has been committed; no statement may follow queryAndCommit');
  };
  const inner = adapt(conn);
  const tx: TenantQueryable = {
    query: (text, params) => (open(), inner.query(text, params)),
    exec: (script) => (open(), inner.exec(script)),
    queryAndCommit: async <R extends Row>(text: string, params?: readonly unknown[]) => {
      open();
      committed = true;
      // Both queued now, in this order, and written in the same packet; after a failed statement the
      // server answers COMMIT with ROLLBACK.
      const rows = inner.query<R>(text, params);
      const commit = conn.unsafe('commit').execute();
      commit.catch(() => undefined); // awaited below, once the statement's own error had its turn
      const result = await rows;
      await commit.catch((error: unknown) => Promise.reject(translateDatabaseError(error)));
      return result;
    },
  };
  try {
    const started = conn.unsafe(begin).execute();
    started.catch(() => undefined); // surfaces through `await started`
    if (!options.pipelined) await started;
    const result = await fn(tx);
    await started;
    if (!committed) await conn.unsafe('commit');
    return result;
  } catch (error) {
    // If even ROLLBACK fails the socket is gone; postgres.js reconnects (fresh session) on next use.
    // After queryAndCommit it finds no transaction: a notice, ignored.
    await conn.unsafe('rollback').catch(() => undefined);
    throw translateDatabaseError(error);
  } finally {
    conn.release();
  }
}

/**
 * A PostgreSQL 15+ server through three postgres.js pools. The owner pool serves the global tables
 * and migrations. Two tenant pools serve `tenantTransaction` only; their connections start as
 * TENANT_ROLE (the `role` startup parameter, applied again on every reconnect). The write pool never
 * carries a session-level `app.tenant_id`, so a statement there sees only the rows of the tenant its
 * own transaction set — none outside one — and the context can be pipelined with the first
 * statement. The read pool is read-only from the start; each request sets its tenant at session
 * level ahead of its statements (see `tenantTransaction`).
 */
export async function openPostgres(url: string, options: { max: number }): Promise<Database> {
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
  const tenantPool = (readOnly: boolean) =>
    postgres(url, {
      ...common,
      max: readOnly ? options.max : Math.max(2, Math.ceil(options.max / 2)),
      connection: {
        application_name: readOnly ? 'tenantbase-read' : 'tenantbase-write',
        role: TENANT_ROLE,
        ...(readOnly ? { default_transaction_read_only: true } : {}),
      },
    });
  const readSql = tenantPool(true);
  const writeSql = tenantPool(false);
  await sql`select 1`;
  // Caches of other processes' changes: a (re)connected listener may have missed notifications.
  await sql.listen(INVALIDATION_CHANNEL, receiveNotification, () => dispatchInvalidation(null));
  const top = adapt(sql);
  return {
    kind: 'postgres',
    query: top.query,
    exec: top.exec,
    /** An owner transaction on a reserved connection, BEGIN awaited before `fn` runs. */
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: TransactionOptions) {
      const conn = await sql.reserve();
      return transactOn(conn, txOptions?.readOnly ? 'begin read only' : 'begin', { pipelined: false }, fn);
    },
    /**
     * Writes: BEGIN and the tenant context (one simple-protocol message) are sent, not awaited:
     * postgres.js writes them in the same packet as `fn`'s first statement, and the server runs them
     * in order. Had they failed, the statements behind them fail too (aborted transaction) or,
     * outside a transaction, run as TENANT_ROLE without a tenant and see no rows.
     *
     * Reads with `transaction: false`: no BEGIN/COMMIT (one packet, one round trip for a
     * one-statement read instead of two). Under READ COMMITTED a READ ONLY transaction gives its
     * statements nothing more than this (each statement has its own snapshot either way) except
     * transaction-local settings, which here last one statement. The read pool's sessions are
     * TENANT_ROLE and read-only from their start; the tenant is set at session level in the same
     * packet as the first statement, and no statement's rows are used unless that setting
     * succeeded. Every request on a connection sets its own tenant that way first, so what a
     * previous request (of any tenant, failed or not) left there is never what a query sees.
     */
    async tenantTransaction<T>(tenantId: string, txOptions: TenantWorkOptions, fn: (tx: TenantQueryable) => Promise<T>) {
      if (txOptions.readOnly && !txOptions.transaction) {
        const conn = await readSql.reserve();
        try {
          const set = conn.unsafe('select set_config($1, $2, false)', ['app.tenant_id', tenantId.toLowerCase()], { prepare: true }).execute();
          set.catch(() => undefined); // awaited with every statement below
          const inner = adapt(conn);
          const query = async <R extends Row>(text: string, params?: readonly unknown[]) => (await Promise.all([inner.query<R>(text, params), set]))[0];
          const result = await fn({ query, queryAndCommit: query, exec: async (script) => void (await Promise.all([inner.exec(script), set])) });
          await set;
          return result;
        } catch (error) {
          throw translateDatabaseError(error);
        } finally {
          conn.release();
        }
      }
      const conn = await (txOptions.readOnly ? readSql : writeSql).reserve();
      return transactOn(conn, `${txOptions.readOnly ? 'begin read only' : 'begin'}; ${tenantContextSql(tenantId)}`, { pipelined: true }, fn);
    },
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), readSql.end({ timeout: 5 }), writeSql.end({ timeout: 5 })]);
    },
  };
}
