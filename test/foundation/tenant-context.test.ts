import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ROLE, tenantContextSql } from '../../src/db/tenant-context.js';
import { verifyTenantIsolation, withTenant } from '../../src/db/with-tenant.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { probe } from '../helpers/distribution/exceptions.js';

/**
 * The tenant context is transaction-local SET LOCAL commands (what Citus passes on to its workers).
 * Reads outside a transaction get it at session level (the default) or, as Citus and a pooler in
 * transaction mode (PgBouncer) need, in a READ ONLY transaction of their own: both must confine
 * every statement to its tenant alike (on PGlite there is one way, and both runs test it).
 */
describe('the tenant context as SQL', () => {
  const tenant = '0B7C1E0E-0000-4000-8000-00000000000A';

  it('is SET LOCAL commands of checked literals, with Citus propagation first when asked', () => {
    expect(tenantContextSql(tenant)).toBe(`set local role ${TENANT_ROLE}; set local app.tenant_id = '${tenant.toLowerCase()}'`);
    expect(tenantContextSql(tenant, { citus: true })).toBe(
      `set local citus.propagate_set_commands = 'local'; set local role ${TENANT_ROLE}; set local app.tenant_id = '${tenant.toLowerCase()}'`,
    );
    expect(() => tenantContextSql("x'; drop table records; --")).toThrow(/UUID/);
  });

  it('runs on PostgreSQL without Citus too, and holds for the transaction only', async () => {
    const test = await createTestDatabase();
    try {
      const [inside] = await test.db.transaction(async (tx) => {
        await tx.exec(tenantContextSql(tenant, { citus: true }));
        return tx.query<{ role: string; tenant: string; propagate: string }>(
          "select current_user as role, current_setting('app.tenant_id') as tenant, current_setting('citus.propagate_set_commands') as propagate",
        );
      });
      expect(inside).toEqual({ role: TENANT_ROLE, tenant: tenant.toLowerCase(), propagate: 'local' });
      const [after] = await test.db.query<{ role: string; tenant: string | null }>(
        "select current_user as role, nullif(current_setting('app.tenant_id', true), '') as tenant",
      );
      expect(after!.role).not.toBe(TENANT_ROLE);
      expect(after!.tenant).toBeNull();
    } finally {
      await test.drop();
    }
  });
});

describe.each(['session', 'transaction'] as const)('tenant reads with the %s context', (tenantContext) => {
  let test: TestDatabase;
  const tenants: string[] = [];
  beforeAll(async () => {
    test = await createTestDatabase({ tenantContext });
    for (const slug of ['ctx-a', 'ctx-b', 'ctx-c']) {
      const [row] = await test.db.query<{ id: string }>('insert into tenants (name, slug) values ($1, $1) returning id', [slug]);
      tenants.push(row!.id);
      await withTenant(test.db, row!.id, { readOnly: false }, (tx) =>
        tx.query("insert into entities (tenant_id, name) values ($1, 'things')", [tx.tenantId]),
      );
    }
  });
  afterAll(async () => {
    await test.drop();
  });

  it('passes the start-up isolation check', async () => {
    await expect(verifyTenantIsolation(test.db)).resolves.toBeUndefined();
  });

  it('runs every path as the tenant role with its tenant, read only for reads', async () => {
    const whoAmI =
      "select current_user as role, current_setting('app.tenant_id', true) as tenant, current_setting('transaction_read_only') as ro";
    for (const [readOnly, transaction] of [
      [true, false],
      [true, true],
      [false, true],
    ] as const) {
      const [row] = await withTenant(test.db, tenants[0]!, { readOnly, transaction }, (tx) => tx.query(whoAmI));
      expect(row).toEqual({ role: TENANT_ROLE, tenant: tenants[0], ro: readOnly ? 'on' : 'off' });
    }
  });

  it('confines reads of many tenants at once, some failing, to their own rows by row-level security alone', async () => {
    // Probes: no tenant filter on purpose (docs/scaling.md).
    const read = (i: number) =>
      probe(() =>
        withTenant(test.db, tenants[i % 3]!, { readOnly: true, transaction: false }, async (tx) => {
          if (i % 5 === 0) await expect(tx.query('select 1 / $1::int', [0])).rejects.toBeDefined();
          const rows = await tx.query<{ tenant_id: string }>('select distinct tenant_id from entities');
          return rows.map((r) => r.tenant_id);
        }),
      );
    const seen = await Promise.all(Array.from({ length: 60 }, (_, i) => read(i)));
    expect(seen).toEqual(Array.from({ length: 60 }, (_, i) => [tenants[i % 3]]));
  });

  it('refuses a write in a read', async () => {
    await expect(
      withTenant(test.db, tenants[1]!, { readOnly: true, transaction: false }, (tx) =>
        tx.query("update entities set name = 'x' where tenant_id = $1", [tx.tenantId]),
      ),
    ).rejects.toMatchObject({ code: '25006' }); // read_only_sql_transaction
  });
});
