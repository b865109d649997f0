import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../src/db/with-tenant.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';
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
    // No call deadline to fall back on (10 minutes): a lane whose connection is killed under its
    // reads must get going again by itself (a new client, the reads sent again; Lanes.reopen).
    t = await createTestApp({ DATABASE_CALL_TIMEOUT_MS: '600000' });
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

  // PostgreSQL's read lanes send a read's tenant only when the lane's last read set another one
  // (docs/database.md); a lane whose connection is replaced starts again without one.
  describe.runIf(TEST_DATABASE === 'postgres')('read lanes whose connections are replaced', () => {
    const readOf = (tenantId: string) =>
      probe(() =>
        withTenant(t.db, tenantId, { readOnly: true, transaction: false }, async (tx) => {
          const rows = await tx.query<{ tenant_id: string; ctx: string }>(
            "select distinct tenant_id, current_setting('app.tenant_id', true) as ctx from entities",
          );
          return rows.map((r) => [r.tenant_id, r.ctx]);
        }),
      );
    /** A read retried while it fails (a lane's first statement after its session was killed fails). */
    const answered = async (tenantId: string) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await readOf(tenantId);
        } catch (error) {
          if (attempt === 10) throw error;
        }
      }
    };
    const settle = <T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> =>
      promise.then(
        (value) => ({ status: 'fulfilled', value }),
        (reason: unknown) => ({ status: 'rejected', reason }),
      );
    const terminateReadSessions = () =>
      t.db.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'tenantbase-read'",
      );

    it('a read answered after its lane reconnected sees its own tenant, never none or another', async () => {
      for (let round = 0; round < 3; round++) {
        // Reads of one tenant queued on every lane, the sessions killed under them, more reads queued.
        // Each is settled at once: one may fail while the sessions are being killed.
        const before = Array.from({ length: 20 }, (_, i) => settle(readOf(i % 5 ? a : b)));
        await terminateReadSessions();
        const after = Array.from({ length: 20 }, (_, i) => settle(readOf(i % 5 ? a : b)));
        const settled = await Promise.all([...before, ...after]);
        settled.forEach((result, i) => {
          const id = (i % 20) % 5 ? a : b;
          // A read may fail with its connection; one that answers has its own tenant's rows.
          if (result.status === 'fulfilled') expect(result.value).toEqual([[id, id]]);
        });
        // Every lane has reconnected (or does so now): each answers its tenant's rows again.
        for (let i = 0; i < 40; i++) {
          const id = i % 5 ? a : b;
          expect(await answered(id)).toEqual([[id, id]]);
        }
      }
    });
  });
});
