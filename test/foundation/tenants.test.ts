import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('tenants', () => {
  let t: TestApp;
  let admin: string;
  const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from tenants'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a tenant with a slug derived from the name', async () => {
    const res = await t.post('/api/auth/tenants', { name: 'Taller Pérez & Hijos', description: 'Garage' }, { token: admin });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Taller Pérez & Hijos',
        slug: 'taller-perez-hijos',
        description: 'Garage',
        createdAt: expect.any(String),
      },
    });
  });

  it('takes an explicit slug and refuses a duplicate with 409', async () => {
    expect((await t.post('/api/auth/tenants', { name: 'Shop', slug: 'my-shop' }, { token: admin })).status).toBe(201);
    const before = await count();
    const dup = await t.post('/api/auth/tenants', { name: 'Other', slug: 'my-shop' }, { token: admin });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toEqual({ code: 'CONFLICT', message: expect.stringContaining('slug') });
    expect(await count()).toBe(before);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: 'X', slug: 'Bad Slug' }, 'slug'],
    [{ name: 'X', slug: '-x' }, 'slug'],
    [{ name: 'X', description: 5 }, 'description'],
  ])('refuses %j naming the field, writing nothing', async (body, field) => {
    const before = await count();
    const res = await t.post('/api/auth/tenants', body, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('is for administrators: no credential → 401, tenant key → 403', async () => {
    const tenant = await t.createTenant('Keyholder');
    const before = await count();
    expect((await t.post('/api/auth/tenants', { name: 'Nope' })).status).toBe(401);
    const forbidden = await t.post('/api/auth/tenants', { name: 'Nope' }, { apiKey: tenant.apiKey });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect(await count()).toBe(before);
  });

  it('lists every tenant to an administrator', async () => {
    const res = await t.get('/api/auth/tenants', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { slug: string }) => x.slug)).toEqual(
      expect.arrayContaining(['taller-perez-hijos', 'my-shop', 'keyholder']),
    );
  });

  it('selects a tenant by slug or id into a new admin token', async () => {
    const created = (await t.post('/api/auth/tenants', { name: 'Selectable' }, { token: admin })).body.data;
    for (const key of [created.slug, created.id]) {
      const res = await t.post(`/api/auth/tenants/${key}/select`, {}, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data.tenant).toEqual({ id: created.id, slug: 'selectable', name: 'Selectable' });
      const me = await t.get('/api/auth/me', { token: res.body.data.token });
      expect(me.body.data.tenant).toEqual({ id: created.id, slug: 'selectable', name: 'Selectable' });
    }
  });

  it('answers 404 for an unknown tenant, in select and in X-Tenant-ID', async () => {
    const select = await t.post('/api/auth/tenants/no-such-tenant/select', {}, { token: admin });
    expect(select.status).toBe(404);
    expect(select.body.error.code).toBe('NOT_FOUND');
    expect((await t.get('/api/auth/me', { token: admin, tenant: 'no-such-tenant' })).status).toBe(404);
  });

  it('lets an admin token without selection name the tenant per request', async () => {
    const me = await t.get('/api/auth/me', { token: admin, tenant: 'my-shop' });
    expect(me.status).toBe(200);
    expect(me.body.data.tenant.slug).toBe('my-shop');
  });
});
