import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createUser, PASSWORD, userWithToken, type TenantUser } from './users.helpers.js';

/** docs/users.md: who may manage users with a user token, and the rank guard (docs/users.md). */
describe('user management by role', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  const users: Record<string, TenantUser> = {};
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
    for (const role of ['owner', 'admin', 'member', 'viewer']) users[role] = await userWithToken(t, acme, `${role}@example.com`, role);
    users.manager = await userWithToken(t, acme, 'manager@example.com', 'member', { canManageUsers: true });
    users.limited = await userWithToken(t, acme, 'limited@example.com', 'viewer', { entities: { orders: ['read', 'create'] } });
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (who: string) => ({ apiKey: users[who]!.token });

  // Every user-management route with a body that would succeed, so only the role decides.
  const routes = (target: string) =>
    [
      ['list_users', 'GET', '/api/auth/tenant/users', undefined],
      ['get_user', 'GET', `/api/auth/tenant/users/${target}`, undefined],
      ['create_tenant_user', 'POST', '/api/auth/tenant/users', { email: `n${Math.random()}@example.com`, password: PASSWORD, name: 'N' }],
      ['update_user', 'PATCH', `/api/auth/tenant/users/${target}`, { name: 'Renamed' }],
      ['change_user_password', 'PUT', `/api/auth/tenant/users/${target}/password`, { password: 'other-pass-1' }],
      [
        'create_user',
        'POST',
        '/api/auth/tenant/users/provision',
        { email: `p${Math.random()}@example.com`, password: PASSWORD, name: 'P' },
      ],
      ['delete_user', 'DELETE', `/api/auth/tenant/users/${target}`, undefined],
    ] as const;

  it.each(['member', 'viewer', 'limited'])('%s gets 403 naming the action on every route, and nothing changes', async (who) => {
    const victim = await createUser(t, acme, { email: `victim-of-${who}@example.com`, role: 'viewer' });
    const before = await countRows(t, 'tenant_users', acme.id);
    for (const [action, method, path, body] of routes(victim.id)) {
      const res = await t.request(method, path, body, as(who));
      expect(res.status, `${who} ${action}`).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      // The REST answer names the route the caller used (MCP answers name the tool).
      expect(res.body.error.message, action).toContain(`${method} ${path.replace(victim.id, '{id}')}`);
    }
    expect(await countRows(t, 'tenant_users', acme.id)).toBe(before);
    const after = await t.get(`/api/auth/tenant/users/${victim.id}`, { apiKey: acme.apiKey });
    expect(after.body.data.name).toBe(victim.email.split('@')[0]);
  });

  it.each(['owner', 'admin', 'manager'])('%s manages users with the user token on every route', async (who) => {
    const victim = await createUser(t, acme, { email: `managed-by-${who}@example.com`, role: 'viewer' });
    for (const [action, method, path, body] of routes(victim.id)) {
      const res = await t.request(method, path, body, as(who));
      expect(res.status, `${who} ${action}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
  });

  it.each([
    ['admin token with the tenant selected', () => ({ token: acme.token })],
    ['admin token + X-Tenant-ID', async () => ({ token: await t.adminToken(), tenant: acme.slug })],
    ['tenant API key', () => ({ apiKey: acme.apiKey })],
  ])('%s may manage users, including owners', async (_name, credentials) => {
    const c = await credentials();
    const res = await t.post(
      '/api/auth/tenant/users',
      { email: `o${Math.random()}@example.com`, password: PASSWORD, name: 'O', role: 'owner' },
      c,
    );
    expect(res.status).toBe(201);
    expect((await t.patch(`/api/auth/tenant/users/${users.owner!.id}`, { metadata: { by: 'admin' } }, c)).status).toBe(200);
  });

  it('an admin API key needs X-Tenant-ID', async () => {
    const admin = await t.adminToken();
    const key = await t.post('/api/auth/api-keys', { name: 'global', scope: 'admin' }, { token: admin });
    const without = await t.get('/api/auth/tenant/users', { apiKey: key.body.data.key });
    expect(without.status).toBe(400);
    expect((await t.get('/api/auth/tenant/users', { apiKey: key.body.data.key, tenant: acme.slug })).status).toBe(200);
  });

  describe('rank guard', () => {
    const refused = async (who: string, method: string, path: string, body: unknown, message: RegExp) => {
      const before = await countRows(t, 'tenant_users', acme.id);
      const res = await t.request(method, path, body, as(who));
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error.message).toMatch(message);
      expect(await countRows(t, 'tenant_users', acme.id)).toBe(before);
    };

    it('an admin cannot create an owner, nor promote anyone to owner', async () => {
      await refused(
        'admin',
        'POST',
        '/api/auth/tenant/users',
        { email: 'o2@example.com', password: PASSWORD, name: 'O', role: 'owner' },
        /role owner/,
      );
      await refused('admin', 'PATCH', `/api/auth/tenant/users/${users.viewer!.id}`, { role: 'owner' }, /role owner/);
      expect((await t.get(`/api/auth/tenant/users/${users.viewer!.id}`, as('owner'))).body.data.role).toBe('viewer');
    });

    it('an admin cannot change, reset the password of, or delete an owner', async () => {
      const owner = users.owner!.id;
      await refused('admin', 'PATCH', `/api/auth/tenant/users/${owner}`, { isActive: false }, /role is owner/);
      await refused('admin', 'PUT', `/api/auth/tenant/users/${owner}/password`, { password: 'taken-over-1' }, /role is owner/);
      await refused('admin', 'DELETE', `/api/auth/tenant/users/${owner}`, undefined, /role is owner/);
      expect((await t.get('/api/auth/tenant/me', as('owner'))).status).toBe(200);
    });

    it('a member with canManageUsers grants at most member and cannot set permissions', async () => {
      await refused(
        'manager',
        'POST',
        '/api/auth/tenant/users',
        { email: 'a2@example.com', password: PASSWORD, name: 'A', role: 'admin' },
        /at most member/,
      );
      await refused(
        'manager',
        'PATCH',
        `/api/auth/tenant/users/${users.viewer!.id}`,
        { permissions: { canManageUsers: true } },
        /Only owners and admins/,
      );
      await refused('manager', 'PATCH', `/api/auth/tenant/users/${users.admin!.id}`, { name: 'x' }, /role is admin/);
      const ok = await t.post(
        '/api/auth/tenant/users',
        { email: 'm2@example.com', password: PASSWORD, name: 'M', role: 'member' },
        as('manager'),
      );
      expect(ok.status).toBe(201);
    });

    it('nobody changes their own role or permissions', async () => {
      await refused(
        'admin',
        'PATCH',
        `/api/auth/tenant/users/${users.admin!.id}`,
        { permissions: { canManageUsers: true } },
        /own permissions/,
      );
      await refused('manager', 'PATCH', `/api/auth/tenant/users/${users.manager!.id}`, { role: 'viewer' }, /own role/);
      const rename = await t.patch(`/api/auth/tenant/users/${users.admin!.id}`, { name: 'Still Admin' }, as('admin'));
      expect(rename.status).toBe(200);
    });

    it('a role change takes effect on the very next request of that user', async () => {
      const u = await userWithToken(t, acme, 'promoted@example.com', 'member');
      expect((await t.get('/api/auth/tenant/users', { apiKey: u.token })).status).toBe(403);
      await t.patch(`/api/auth/tenant/users/${u.id}`, { role: 'admin' }, { apiKey: acme.apiKey });
      expect((await t.get('/api/auth/tenant/users', { apiKey: u.token })).status).toBe(200);
    });
  });
});
