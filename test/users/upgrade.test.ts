import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { migrate } from '../../src/db/migrate.js';
import { verifyTenantIsolation, withTenant } from '../../src/db/with-tenant.js';
import { manualClock } from '../../src/domain/auth/clock.js';
import { prepareRuntime, type Runtime } from '../../src/start.js';
import { createTestDatabase, type TestDatabase } from '../helpers/database.js';
import { probe } from '../helpers/distribution/exceptions.js';

/**
 * The "one-time script" of the original users design for tenants made before users existed: with shared tables it is
 * migration 004. A database left at migration 002 (the foundation issue) with data in it upgrades.
 */
describe('upgrading a database created before tenant users', () => {
  let database: TestDatabase;
  let runtime: Runtime | undefined;
  const tenants: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: 2 });
    const db = database.db;
    for (const slug of ['old-one', 'old-two']) {
      const [row] = await db.query<{ id: string }>('insert into tenants (name, slug) values ($1, $1) returning id', [slug]);
      tenants.push(row!.id);
      await withTenant(db, row!.id, { readOnly: false }, (tx) =>
        tx.query("insert into entities (tenant_id, name) values ($1, 'customers')", [tx.tenantId]),
      );
    }
  });
  afterAll(async () => {
    if (runtime) await runtime.app.close();
    await database.drop();
  });

  it('has no user tables before the upgrade', async () => {
    const rows = await database.db.query("select to_regclass('tenant_users') as t, to_regclass('user_sessions') as s");
    expect(rows[0]).toEqual({ t: null, s: null });
  });

  it('applies the pending migrations, keeps the data, and passes the isolation check', async () => {
    const applied = await migrate(database.db);
    expect(applied).toContain(4);
    expect(applied).not.toContain(2);
    expect(await migrate(database.db)).toEqual([]);
    const entities = await probe(() => database.db.query<{ n: number }>('select count(*)::int as n from entities'));
    expect(entities[0]!.n).toBe(2);
    const rls = await database.db.query<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(
      "select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('tenant_users', 'user_sessions') order by relname",
    );
    expect(rls).toEqual([
      { relname: 'tenant_users', relrowsecurity: true, relforcerowsecurity: true },
      { relname: 'user_sessions', relrowsecurity: true, relforcerowsecurity: true },
    ]);
    await expect(verifyTenantIsolation(database.db)).resolves.toBeUndefined();
  });

  it('confines the new tables to the tenant of the transaction', async () => {
    const [a, b] = tenants as [string, string];
    await withTenant(database.db, a, { readOnly: false }, (tx) =>
      tx.query("insert into tenant_users (tenant_id, email, name, password_hash) values ($1, 'x@example.com', 'X', 'h')", [a]),
    );
    // Probes: without a tenant filter, and across tenants, on purpose (docs/scaling.md).
    const seenFromB = await probe(() => withTenant(database.db, b, { readOnly: true }, (tx) => tx.query('select id from tenant_users')));
    expect(seenFromB).toEqual([]);
    await expect(
      probe(() =>
        withTenant(database.db, b, { readOnly: false }, (tx) =>
          tx.query("insert into tenant_users (tenant_id, email, name, password_hash) values ($1, 'y@example.com', 'Y', 'h')", [a]),
        ),
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });

  it('serves users of the old tenants once started on the upgraded database', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: 'admin@test.local',
      ADMIN_PASSWORD: 'admin-password-1',
      JWT_SECRET: 'x'.repeat(40),
    });
    runtime = await prepareRuntime(config, () => undefined, { db: database.db, clock: manualClock(new Date()) });
    const call = (method: 'GET' | 'POST', url: string, payload: unknown, headers: Record<string, string>) =>
      runtime!.app.inject({ method, url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });
    const login = await call('POST', '/api/auth/login', { email: 'admin@test.local', password: 'admin-password-1' }, {});
    const admin = login.json().data.token as string;
    const created = await call(
      'POST',
      '/api/auth/tenant/users',
      { email: 'ana@example.com', password: 'ana-password', name: 'Ana' },
      { authorization: `Bearer ${admin}`, 'x-tenant-id': 'old-two' },
    );
    expect(created.statusCode).toBe(201);
    const userLogin = await call(
      'POST',
      '/api/auth/tenant/login',
      { email: 'ana@example.com', password: 'ana-password' },
      { 'x-tenant-id': 'old-two' },
    );
    expect(userLogin.statusCode).toBe(200);
  });
});
