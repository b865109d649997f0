import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { TENANT_ROLE, verifyTenantIsolation, withTenant } from '../../src/db/with-tenant.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { probe } from '../helpers/distribution/exceptions.js';

/**
 * Row-level security is really on: the tenant role sees nothing without app.tenant_id, and only its tenant with it.
 * The statements that leave out or cross the tenant filter on purpose run as `probe`s (docs/scaling.md).
 */
describe('row-level security', () => {
  let test: TestDatabase;
  let db: Database;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.db;
    [tenantA, tenantB] = (
      await db.query<{ id: string }>("insert into tenants (name, slug) values ('A', 'rls-a'), ('B', 'rls-b') returning id")
    ).map((r) => r.id) as [string, string];
    await probe(() => db.query("insert into entities (tenant_id, name) values ($1, 'a_entity'), ($2, 'b_entity')", [tenantA, tenantB]));
  });
  afterAll(async () => {
    await test.drop();
  });

  it('the tenant role without app.tenant_id sees no rows', async () => {
    const rows = await probe(() =>
      db.transaction(async (tx) => {
        await tx.query("select set_config('role', $1, true)", [TENANT_ROLE]);
        return tx.query('select name from entities');
      }),
    );
    expect(rows).toEqual([]);
  });

  it('withTenant sees only its tenant, even without a tenant filter in the query', async () => {
    const rows = await probe(() =>
      withTenant(db, tenantA, { readOnly: true }, (tx) => tx.query<{ name: string }>('select name from entities')),
    );
    expect(rows.map((r) => r.name)).toEqual(['a_entity']);
  });

  it('withTenant cannot write rows of another tenant', async () => {
    await expect(
      probe(() =>
        withTenant(db, tenantA, { readOnly: false }, (tx) =>
          tx.query("insert into entities (tenant_id, name) values ($1, 'smuggled')", [tenantB]),
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' }); // new row violates row-level security policy
    const updated = await probe(() =>
      withTenant(db, tenantA, { readOnly: false }, (tx) =>
        tx.query("update entities set name = 'hijacked' where tenant_id = $1 returning id", [tenantB]),
      ),
    );
    expect(updated).toEqual([]);
    const [b] = await db.query<{ name: string }>('select name from entities where tenant_id = $1', [tenantB]);
    expect(b!.name).toBe('b_entity');
  });

  it('read-only tenant transactions refuse writes', async () => {
    await expect(
      withTenant(db, tenantA, { readOnly: true }, (tx) => tx.query("update entities set name = 'x' where tenant_id = $1", [tenantA])),
    ).rejects.toThrow();
  });

  it('the tenant role cannot read the global credential tables', async () => {
    await expect(withTenant(db, tenantA, { readOnly: true }, (tx) => tx.query('select key_hash from api_keys'))).rejects.toThrow();
  });

  it('the start-up check passes on the migrated schema', async () => {
    await expect(verifyTenantIsolation(db)).resolves.toBeUndefined();
  });

  it('the start-up check refuses a reachable tenant table without forced RLS', async () => {
    await db.exec(`create table leaky (tenant_id uuid not null, secret text);
                   grant select, insert, update, delete on leaky to ${TENANT_ROLE}`);
    try {
      await expect(verifyTenantIsolation(db)).rejects.toThrow(/leaky.*without forced row-level security/);
      await db.exec('alter table leaky enable row level security');
      await expect(verifyTenantIsolation(db)).rejects.toThrow(/leaky/);
      await db.exec('alter table leaky force row level security');
      await expect(verifyTenantIsolation(db)).resolves.toBeUndefined();
    } finally {
      await db.exec('drop table leaky');
    }
  });
});
