import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { citusCalls } from '../helpers/distribution/schema-catalog.js';

/**
 * Run by the `citus` project only (CITUS_URL, docs/scaling.md): migration 011 distributed the schema, and a
 * tenant's statement runs on one shard. No Citus cluster can be installed where this project is
 * built, so this file has not run there yet.
 */
describe('on a Citus coordinator', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test.drop();
  });

  it('holds every tenant table distributed by tenant_id and every global table as a reference table', async () => {
    const rows = await test.db.query<{ table: string; type: string; column: string }>(
      `select c.relname::text as table, t.citus_table_type::text as type, t.distribution_column::text as column
         from citus_tables t join pg_class c on c.oid = t.table_name join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema()`,
    );
    const found = new Map(rows.map((r) => [r.table, r]));
    for (const table of inject('routerTenantTables')) expect(found.get(table)).toMatchObject({ type: 'distributed', column: 'tenant_id' });
    for (const call of (await citusCalls()).filter((c) => c.kind === 'reference'))
      expect(found.get(call.table)).toMatchObject({ type: 'reference' });
  });

  it('runs a tenant statement on one shard', async () => {
    const tenant = '0b7c1e0e-0000-4000-8000-00000000000a';
    const plan = await test.db.query<{ 'QUERY PLAN': string }>(
      `explain (costs off) select id from records where tenant_id = '${tenant}' and entity_id = '${tenant}'`,
    );
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Task Count: 1\b/);
  });
});
