import type { InvalidationBus } from './invalidation-bus.js';

/**
 * One interface over both storage engines: embedded PGlite and a PostgreSQL server (postgres.js).
 * SQL is written once, with `$1`-style parameters, and must run on PostgreSQL 15 and later.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** Runs one parameterised statement. SQLSTATEs come back translated into AppError (see sql-errors.ts). */
  query<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/** The statements of one tenant transaction. */
export interface TenantQueryable extends Queryable {
  /**
   * Runs the transaction's last statement with COMMIT right behind it, in the same round trip (the
   * same engine call on PGlite). If the statement fails, nothing commits and its error is thrown;
   * afterwards the transaction is over and further statements are refused. In a read outside a
   * transaction it is a plain `query`.
   */
  queryAndCommit<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * A plain SELECT that asks no more than READ COMMITTED gives each statement: its own snapshot,
   * no lock taken, nothing with side effects, and no need to see what this transaction wrote.
   * Before the transaction's first statement the adapter may run it outside the transaction, with
   * the same tenant context (PostgreSQL: on a read lane), so that a transaction whose only other
   * statement is its write can still be one statement queued whole (a write lane). Answers exactly
   * what it would have answered as the transaction's first statement. Otherwise it is `query`.
   */
  readCommitted<T extends Row = Row>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface TransactionOptions {
  readOnly?: boolean;
  /**
   * PostgreSQL: no deadline on its statements (DATABASE_CALL_TIMEOUT_MS), for migrations, which may
   * rightly take minutes or wait that long for another instance's.
   */
  unbounded?: boolean;
}

export interface TenantWorkOptions {
  readOnly: boolean;
  /**
   * False lets a read run statement by statement instead of in one READ ONLY transaction (the
   * PostgreSQL adapter does so): under READ COMMITTED each statement has its own snapshot either
   * way, but transaction-local settings then last one statement only.
   */
  transaction: boolean;
}

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * One transaction confined to a tenant: every statement of `fn` runs as TENANT_ROLE with
 * `app.tenant_id` = `tenantId`, so row-level security applies. An adapter hands its engine to
 * `registerTenantEngine` (with-tenant.ts) when it opens; from then on only `withTenant` can run it.
 */
export type TenantEngine = <T>(tenantId: string, options: TenantWorkOptions, fn: (tx: TenantQueryable) => Promise<T>) => Promise<T>;

/**
 * A connection (pool) with owner rights. Use it directly only for the global tables (administrators,
 * tenants, API keys, settings); tenant data is reached through `withTenant()` alone — the database
 * offers no other way in.
 */
export interface Database extends Queryable {
  readonly kind: DatabaseKind;
  /** Change announcements of this database, for in-process caches (invalidation.ts). */
  readonly invalidations: InvalidationBus;
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}
