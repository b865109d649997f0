import { expect } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import type { IsolationScenarios, TenantHandle } from './scenario.js';

export const PASSWORD = 'isolation-pass-1';

export async function userIn(t: TestApp, tenant: TenantHandle, email: string): Promise<string> {
  const res = await t.post('/api/auth/tenant/users', { email, password: PASSWORD, name: 'A user' }, { apiKey: tenant.apiKey });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** A's user, as A sees it (to prove B changed nothing). */
const seenByA = async (t: TestApp, a: TenantHandle, id: string) =>
  (await t.get(`/api/auth/tenant/users/${id}`, { apiKey: a.apiKey })).body.data;

const logsIn = async (t: TestApp, tenant: TenantHandle, email: string, password = PASSWORD) =>
  (await t.post('/api/auth/tenant/login', { email, password }, { tenant: tenant.slug })).status === 200;

/** Tenant B acting on tenant A's users, with B's key, B's admin token, and a B user token. */
export const USER_SCENARIOS: IsolationScenarios = {
  async list_users({ t, a, b }) {
    const id = await userIn(t, a, 'iso-list@example.com');
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }]) {
      const res = await t.get('/api/auth/tenant/users', creds);
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { id: string }) => u.id)).not.toContain(id);
    }
    expect((await t.get('/api/auth/tenant/users', { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
  },

  async create_user({ t, a, b }) {
    const email = 'iso-provision@example.com';
    const body = { email, password: PASSWORD, name: 'Provisioned' };
    const countInA = async () => (await t.get('/api/auth/tenant/users', { apiKey: a.apiKey })).body.data.length as number;
    const before = await countInA();
    // A credential bound to B cannot name A (slug or id), nor reach it through X-Tenant-ID.
    for (const named of [a.slug, a.id]) {
      const res = await t.post('/api/auth/tenant/users/provision', { ...body, tenantSlug: named }, { apiKey: b.apiKey });
      expect(res.status).toBe(401);
    }
    expect((await t.post('/api/auth/tenant/users/provision', body, { apiKey: b.apiKey, tenant: a.slug })).status).toBe(401);
    expect(await countInA()).toBe(before);
    expect(await logsIn(t, a, email)).toBe(false);
    // Without a name it lands in B, the key's own tenant, and A still has nothing of it.
    const own = await t.post('/api/auth/tenant/users/provision', body, { apiKey: b.apiKey });
    expect(own.status).toBe(201);
    expect(own.body.data.loginInfo.headers['X-Tenant-ID']).toBe(b.slug);
    expect(await logsIn(t, b, email)).toBe(true);
    expect(await logsIn(t, a, email)).toBe(false);
    expect(await countInA()).toBe(before);
  },

  async get_user({ t, a, b }) {
    const id = await userIn(t, a, 'iso-get@example.com');
    const res = await t.get(`/api/auth/tenant/users/${id}`, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('iso-get@example.com');
  },

  async get_user_rights({ t, a, b }) {
    const id = await userIn(t, a, 'iso-rights@example.com');
    const ownerB = await userIn(t, b, 'iso-rights-owner-b@example.com');
    await t.patch(`/api/auth/tenant/users/${ownerB}`, { role: 'owner' }, { apiKey: b.apiKey });
    const userToken = (
      await t.post('/api/auth/tenant/login', { email: 'iso-rights-owner-b@example.com', password: PASSWORD }, { tenant: b.slug })
    ).body.data.token as string;
    for (const creds of [{ apiKey: b.apiKey }, { token: b.token }, { apiKey: userToken }]) {
      const res = await t.get(`/api/auth/tenant/users/${id}/rights`, creds);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('iso-rights@example.com');
    }
    // B's own rights name B's entities only, never one of A.
    await seedPublishedEntity(t, a.id, 'iso_rights_of_a', [{ fieldKey: 'label', fieldType: 'text' }]);
    const own = await t.get('/api/auth/tenant/users/me/rights', { apiKey: b.apiKey });
    expect(own.status).toBe(200);
    const names = async (tenant: TenantHandle) =>
      (await t.get('/api/entities?include_drafts=true', { apiKey: tenant.apiKey })).body.data.map(
        (e: { name: string }) => e.name,
      ) as string[];
    const seen = own.body.data.entities.map((e: { entity: string }) => e.entity) as string[];
    expect([...seen].sort()).toEqual((await names(b)).sort());
    expect(seen).not.toContain('iso_rights_of_a');
  },

  async create_tenant_user({ t, a, b }) {
    const id = await userIn(t, a, 'iso-create@example.com');
    // The same email is free in B, and creating it there leaves A's user alone.
    const res = await t.post(
      '/api/auth/tenant/users',
      { email: 'iso-create@example.com', password: 'b-password-1', name: 'B' },
      { apiKey: b.apiKey },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.id).not.toBe(id);
    expect(await seenByA(t, a, id)).toMatchObject({ name: 'A user' });
    expect(await logsIn(t, a, 'iso-create@example.com')).toBe(true);
    expect(await logsIn(t, a, 'iso-create@example.com', 'b-password-1')).toBe(false);
  },

  async update_user({ t, a, b }) {
    const id = await userIn(t, a, 'iso-update@example.com');
    const before = await seenByA(t, a, id);
    const res = await t.patch(`/api/auth/tenant/users/${id}`, { name: 'Hijacked', role: 'owner', isActive: false }, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(await seenByA(t, a, id)).toEqual(before);
  },

  async change_user_password({ t, a, b }) {
    const id = await userIn(t, a, 'iso-password@example.com');
    const res = await t.put(`/api/auth/tenant/users/${id}/password`, { password: 'taken-over-1' }, { apiKey: b.apiKey });
    expect(res.status).toBe(404);
    expect(await logsIn(t, a, 'iso-password@example.com')).toBe(true);
    expect(await logsIn(t, a, 'iso-password@example.com', 'taken-over-1')).toBe(false);
  },

  async delete_user({ t, a, b }) {
    const id = await userIn(t, a, 'iso-delete@example.com');
    const ownerB = await userIn(t, b, 'iso-owner-b@example.com');
    await t.patch(`/api/auth/tenant/users/${ownerB}`, { role: 'owner' }, { apiKey: b.apiKey });
    const userToken = (await t.post('/api/auth/tenant/login', { email: 'iso-owner-b@example.com', password: PASSWORD }, { tenant: b.slug }))
      .body.data.token;
    for (const creds of [{ apiKey: b.apiKey }, { apiKey: userToken as string }]) {
      expect((await t.delete(`/api/auth/tenant/users/${id}`, creds)).status).toBe(404);
    }
    expect(await seenByA(t, a, id)).toMatchObject({ id });
  },
};
