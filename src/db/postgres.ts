import postgres from 'postgres';
import type { Database, Queryable, Row, TransactionOptions } from './database.js';
import { translateDatabaseError } from './sql-errors.js';

type Sql = postgres.Sql | postgres.TransactionSql;

function adapt(sql: Sql): Queryable {
  return {
    async query<T extends Row>(text: string, params?: readonly unknown[]) {
      try {
        return (await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as unknown as T[];
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

/** A PostgreSQL 15+ server through a postgres.js pool. */
export async function openPostgres(url: string, options: { max: number }): Promise<Database> {
  const sql = postgres(url, {
    max: options.max,
    onnotice: () => undefined,
    connection: { application_name: 'tenantbase' },
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
  });
  await sql`select 1`;
  const top = adapt(sql);
  return {
    kind: 'postgres',
    query: top.query,
    exec: top.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, txOptions?: TransactionOptions) {
      const run = (tx: postgres.TransactionSql) => fn(adapt(tx));
      try {
        return (await (txOptions?.readOnly ? sql.begin('read only', run) : sql.begin(run))) as T;
      } catch (error) {
        throw translateDatabaseError(error);
      }
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
