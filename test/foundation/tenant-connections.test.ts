import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';

/**
 * Tenant work reuses connections (PostgreSQL: a read pool with a session-level tenant, a write pool
 * with transaction-local context, both pipelined). Whatever ran before on a connection — another
 * tenant, a failed statement, an exception mid-request — a query that forgets its tenant filter
 * sees only the current tenant's rows.
 */
describe('tenant connections reused across tenants', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  // Deliberately without a tenant_id filter (a probe: exempt from the router check, docs/scaling.md):
  // only row-level security confines it. Reads alternate between the statement-by-statement path
  // (what read operations use) and a transaction.
  let n = 0;
  const visibleTenants = (tenantId: string, readOnly: boolean) =>
    probe(() =>
      withTenant(t.db, tenantId, { readOnly, transaction: !readOnly || n++ % 2 === 0 }, async (tx) => {
        const rows = await tx.query<{ tenant_id: string; ctx: string }>(
          "select distinct tenant_id, current_setting('app.tenant_id', true) as ctx from entities",
        );
        return rows.map((r) => [r.tenant_id, r.ctx]);
      }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    a = (await t.createTenant('Alpha')).id;
    b = (await t.createTenant('Beta')).id;
    await seedPublishedEntity(t, a, 'things', [{ fieldKey: 'title', fieldType: 'text' }]);
    await seedPublishedEntity(t, b, 'things', [{ fieldKey: 'title', fieldType: 'text' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('alternating tenants, reads and writes, one after another and concurrently', async () => {
    for (let i = 0; i < 24; i++) {
      const id = i % 2 ? a : b;
      expect(await visibleTenants(id, i % 3 !== 0)).toEqual([[id, id]]);
    }
    const ids = Array.from({ length: 40 }, (_, i) => (i % 3 ? a : b));
    const seen = await Promise.all(ids.map((id, i) => visibleTenants(id, i % 4 !== 0)));
    expect(seen).toEqual(ids.map((id) => [[id, id]]));
  });

  it('an exception mid-request leaves no context behind', async () => {
    for (let i = 0; i < 12; i++) {
      const readOnly = i % 2 === 0;
      await expect(
        withTenant(t.db, a, { readOnly, transaction: i % 4 !== 0 }, async (tx) => {
          await tx.query('select count(*) from entities where tenant_id = $1', [a]);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await visibleTenants(b, readOnly)).toEqual([[b, b]]);
    }
  });

  it('a failing statement leaves no context behind, and its transaction is rolled back', async () => {
    for (let i = 0; i < 12; i++) {
      const readOnly = i % 2 === 0;
      await expect(
        withTenant(t.db, a, { readOnly, transaction: i % 4 !== 0 }, async (tx) => {
          if (!readOnly) await tx.query("update entities set updated_at = now() - interval '1 day' where tenant_id = $1", [a]);
          await tx.query('select 1 / 0');
        }),
      ).rejects.toBeDefined();
      expect(await visibleTenants(b, !readOnly)).toEqual([[b, b]]);
    }
    const [row] = await withTenant(t.db, a, { readOnly: true }, (tx) =>
      tx.query<{ old: boolean }>("select bool_or(updated_at < now() - interval '1 hour') as old from entities where tenant_id = $1", [a]),
    );
    expect(row!.old).toBe(false);
  });

  it('read-only tenant work cannot write, on either read path', async () => {
    for (const transaction of [true, false]) {
      await expect(
        withTenant(t.db, a, { readOnly: true, transaction }, (tx) =>
          tx.query('update entities set updated_at = now() where tenant_id = $1', [a]),
        ),
      ).rejects.toBeDefined();
    }
  });

  it('runs as the tenant role, never as the owner', async () => {
    for (const [readOnly, transaction] of [
      [true, false],
      [true, true],
      [false, true],
    ] as const) {
      const [row] = await withTenant(t.db, a, { readOnly, transaction }, (tx) =>
        tx.query<{ role: string; superuser: string }>("select current_user as role, current_setting('is_superuser') as superuser"),
      );
      expect(row).toEqual({ role: 'tenantbase_app', superuser: 'off' });
    }
  });
});
