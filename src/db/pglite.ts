import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable, Row, TransactionOptions } from './database.js';
import { translateDatabaseError } from './sql-errors.js';
import { tenantContextSql } from './tenant-context.js';

interface PgliteLike {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

function adapt(target: PgliteLike): Queryable {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        return (await target.query<T>(text, params ? [...params] : undefined)).rows;
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
    async exec(script: string) {
      try {
        await target.exec(script);
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
  };
}

/**
 * Embedded PostgreSQL. PGlite is a single connection, so every transaction and every top-level
 * statement is serialised through one queue: a statement never runs inside another's transaction.
 * `dataDir` undefined keeps the database in memory (tests).
 */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, { extensions: { unaccent, pg_trgm, btree_gin } });
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const top = adapt(pg);
  /**
   * BEGIN (read only), the preamble and later COMMIT go in as single `exec` calls: each call
   * into the engine has a fixed cost, and the queue above already keeps other statements out.
   */
  const transaction = <T>(fn: (tx: Queryable) => Promise<T>, readOnly: boolean, preamble?: string) =>
    exclusive(async () => {
      const begin = readOnly ? 'begin read only' : 'begin';
      try {
        await top.exec(preamble ? `${begin}; ${preamble}` : begin);
        const result = await fn(top);
        await top.exec('commit');
        return result;
      } catch (error) {
        await pg.exec('rollback').catch(() => undefined);
        throw error;
      }
    });
  return {
    kind: 'pglite',
    query: (text, params) => exclusive(() => top.query(text, params)),
    exec: (script) => exclusive(() => top.exec(script)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) => transaction(fn, options?.readOnly ?? false),
    /** One connection: the role and tenant are switched transaction-locally, in the BEGIN call. */
    tenantTransaction: (tenantId, options, fn) => transaction(fn, options.readOnly, tenantContextSql(tenantId)),
    close: () => exclusive(() => pg.close()),
  };
}
