import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createUser, login, PASSWORD } from './users.helpers.js';

describe('tenant users: create, list, get, update, delete', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  let other: Awaited<ReturnType<TestApp['createTenant']>>;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
    other = await t.createTenant('Other');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a user (201) with defaults and answers the user object', async () => {
    const res = await t.post(
      '/api/auth/tenant/users',
      { email: 'Ana@Example.com', password: PASSWORD, name: 'Ana', metadata: { department: 'sales' } },
      { token: acme.token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        email: 'ana@example.com',
        name: 'Ana',
        role: 'member',
        isActive: true,
        permissions: {},
        metadata: { department: 'sales' },
        lastLoginAt: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('lists and gets users', async () => {
    const bo = await createUser(t, acme, { email: 'bo@example.com', role: 'viewer' });
    const list = await t.get('/api/auth/tenant/users', { token: acme.token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(['ana@example.com', 'bo@example.com']);
    const one = await t.get(`/api/auth/tenant/users/${bo.id}`, { apiKey: acme.apiKey });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: bo.id, email: 'bo@example.com', role: 'viewer' });
  });

  it('updates name, role, permissions, isActive and metadata with PUT and PATCH (partial)', async () => {
    const u = await createUser(t, acme, { email: 'cy@example.com' });
    const put = await t.put(
      `/api/auth/tenant/users/${u.id}`,
      { name: 'Cy', role: 'admin', permissions: { canManageUsers: true, entities: { orders: ['read', 'read'] } } },
      { token: acme.token },
    );
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({
      name: 'Cy',
      role: 'admin',
      permissions: { canManageUsers: true, entities: { orders: ['read'] } },
      metadata: {},
      isActive: true,
    });
    const patch = await t.patch(`/api/auth/tenant/users/${u.id}`, { metadata: { phone: '1' }, isActive: false }, { token: acme.token });
    expect(patch.status).toBe(200);
    expect(patch.body.data).toMatchObject({ name: 'Cy', role: 'admin', metadata: { phone: '1' }, isActive: false });
  });

  it('deletes a user (200 envelope) and its sessions', async () => {
    const u = await createUser(t, acme, { email: 'del@example.com' });
    expect((await login(t, acme.slug, 'del@example.com')).status).toBe(200);
    const sessionsBefore = await countRows(t, 'user_sessions', acme.id);
    const res = await t.delete(`/api/auth/tenant/users/${u.id}`, { token: acme.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: u.id, deleted: true } });
    expect(await countRows(t, 'user_sessions', acme.id)).toBe(sessionsBefore - 1);
    expect((await t.get(`/api/auth/tenant/users/${u.id}`, { token: acme.token })).status).toBe(404);
  });

  it('answers 404 for unknown or malformed ids, writing nothing', async () => {
    const before = await countRows(t, 'tenant_users');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await t.get(`/api/auth/tenant/users/${id}`, { token: acme.token })).body.error.code).toBe('NOT_FOUND');
      expect((await t.put(`/api/auth/tenant/users/${id}`, { name: 'X' }, { token: acme.token })).body.error.code).toBe('NOT_FOUND');
      expect((await t.put(`/api/auth/tenant/users/${id}/password`, { password: 'another-pass-1' }, { token: acme.token })).status).toBe(
        404,
      );
      expect((await t.delete(`/api/auth/tenant/users/${id}`, { token: acme.token })).status).toBe(404);
    }
    expect(await countRows(t, 'tenant_users')).toBe(before);
  });

  it('keeps emails unique per tenant, ignoring case (409), but allows the same email in another tenant', async () => {
    await createUser(t, acme, { email: 'dup@example.com' });
    const before = await countRows(t, 'tenant_users', acme.id);
    const dup = await t.post('/api/auth/tenant/users', { email: 'DUP@example.com', password: PASSWORD, name: 'D' }, { token: acme.token });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/email already exists/) });
    expect(await countRows(t, 'tenant_users', acme.id)).toBe(before);
    const elsewhere = await createUser(t, other, { email: 'dup@example.com' });
    expect(elsewhere.email).toBe('dup@example.com');
  });
});
