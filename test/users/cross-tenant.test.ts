import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createUser, PASSWORD, userWithToken, type TenantUser } from './users.helpers.js';

/** docs/users.md: a user of one tenant has no access to another tenant. */
describe('tenant user tokens across tenants', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<TestApp['createTenant']>>;
  let b: Awaited<ReturnType<TestApp['createTenant']>>;
  let ownerA: TenantUser;
  let userB: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    a = await t.createTenant('Tenant A');
    b = await t.createTenant('Tenant B');
    ownerA = await userWithToken(t, a, 'owner@example.com', 'owner');
    userB = await createUser(t, b, { email: 'owner@example.com', role: 'owner' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['slug', 'id'])("a token presented with the other tenant's X-Tenant-ID (%s) → 401 on every route", async (form) => {
    const tenant = form === 'slug' ? b.slug : b.id;
    const before = await countRows(t, 'tenant_users', b.id);
    const calls = [
      t.get('/api/auth/tenant/me', { apiKey: ownerA.token, tenant }),
      t.get('/api/auth/tenant/users', { token: ownerA.token, tenant }),
      t.post('/api/auth/tenant/users', { email: 'x@example.com', password: PASSWORD, name: 'X' }, { apiKey: ownerA.token, tenant }),
      t.delete(`/api/auth/tenant/users/${userB.id}`, { apiKey: ownerA.token, tenant }),
      t.post('/api/auth/tenant/logout', {}, { apiKey: ownerA.token, tenant }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
    }
    expect(await countRows(t, 'tenant_users', b.id)).toBe(before);
    // The session survived the refused logout.
    expect((await t.get('/api/auth/tenant/me', { apiKey: ownerA.token })).status).toBe(200);
  });

  it('without X-Tenant-ID the token acts in its own tenant only', async () => {
    const list = await t.get('/api/auth/tenant/users', { apiKey: ownerA.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { id: string }) => u.id)).not.toContain(userB.id);
    expect((await t.get(`/api/auth/tenant/users/${userB.id}`, { apiKey: ownerA.token })).status).toBe(404);
    expect((await t.patch(`/api/auth/tenant/users/${userB.id}`, { name: 'hijacked' }, { apiKey: ownerA.token })).status).toBe(404);
    const untouched = await t.get(`/api/auth/tenant/users/${userB.id}`, { apiKey: b.apiKey });
    expect(untouched.body.data.name).toBe('owner');
  });

  it("a password of one tenant does not log in to another tenant's same-email user", async () => {
    await t.put(`/api/auth/tenant/users/${userB.id}/password`, { password: 'b-only-password' }, { apiKey: b.apiKey });
    expect((await t.post('/api/auth/tenant/login', { email: 'owner@example.com', password: PASSWORD }, { tenant: b.slug })).status).toBe(
      401,
    );
    expect(
      (await t.post('/api/auth/tenant/login', { email: 'owner@example.com', password: 'b-only-password' }, { tenant: a.slug })).status,
    ).toBe(401);
  });

  it('create_user cannot reach another tenant with a pinned credential', async () => {
    const before = await countRows(t, 'tenant_users', b.id);
    const body = { tenantSlug: b.slug, email: 'sneaky@example.com', password: PASSWORD, name: 'S' };
    expect((await t.post('/api/auth/tenant/users/provision', body, { apiKey: ownerA.token })).status).toBe(401);
    expect((await t.post('/api/auth/tenant/users/provision', body, { apiKey: a.apiKey })).status).toBe(401);
    expect(await countRows(t, 'tenant_users', b.id)).toBe(before);
  });
});
