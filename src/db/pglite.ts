import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable, Row, TransactionOptions } from './database.js';
import { translateDatabaseError } from './sql-errors.js';

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
  return {
    kind: 'pglite',
    query: (text, params) => exclusive(() => top.query(text, params)),
    exec: (script) => exclusive(() => top.exec(script)),
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions) {
      return exclusive(() =>
        pg.transaction(async (tx) => {
          if (options?.readOnly) await tx.query('SET TRANSACTION READ ONLY');
          const inner = adapt(tx);
          if (options?.preamble) await inner.exec(options.preamble);
          return fn(inner);
        }),
      );
    },
    close: () => exclusive(() => pg.close()),
  };
}
