import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('API keys', () => {
  let t: TestApp;
  let admin: string;
  let a: Awaited<ReturnType<TestApp['createTenant']>>;
  let b: Awaited<ReturnType<TestApp['createTenant']>>;
  const keyCount = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from api_keys'))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    a = await t.createTenant('Alpha');
    b = await t.createTenant('Beta');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a tenant key for the selected tenant and shows the secret once', async () => {
    const res = await t.post('/api/auth/api-keys', { name: 'ci' }, { token: a.token });
    expect(res.status).toBe(201);
    const key = res.body.data;
    expect(key).toEqual({
      id: expect.any(String),
      name: 'ci',
      scope: 'tenant',
      key: expect.stringMatching(/^tbk_[\w-]{40,}$/),
      prefix: key.key.slice(0, 12),
      tenantId: a.id,
      createdAt: expect.any(String),
    });
    const listed = await t.get('/api/auth/api-keys', { token: admin });
    const entry = listed.body.data.find((k: { id: string }) => k.id === key.id);
    expect(entry).toMatchObject({ id: key.id, name: 'ci', scope: 'tenant', prefix: key.prefix, tenantId: a.id });
    expect(JSON.stringify(listed.body)).not.toContain(key.key);
    const [stored] = await t.db.query<{ key_hash: string }>('select key_hash from api_keys where id = $1', [key.id]);
    expect(stored!.key_hash).not.toContain(key.key);
    expect(stored!.key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a tenant key without a selected tenant, writing nothing', async () => {
    const before = await keyCount();
    const res = await t.post('/api/auth/api-keys', { name: 'orphan' }, { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await keyCount()).toBe(before);
  });

  it.each([[{}], [{ name: '' }], [{ name: 'x', scope: 'root' }], [{ name: ['x'] }]])('refuses bad input %j', async (body) => {
    const before = await keyCount();
    const res = await t.post('/api/auth/api-keys', body, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(await keyCount()).toBe(before);
  });

  it('is for administrators: a tenant key cannot make keys', async () => {
    const res = await t.post('/api/auth/api-keys', { name: 'escalate' }, { apiKey: a.apiKey });
    expect(res.status).toBe(403);
  });

  it('a tenant key acts in its tenant, by X-API-Key or Bearer', async () => {
    for (const options of [{ apiKey: a.apiKey }, { token: a.apiKey }]) {
      const res = await t.get('/api/auth/tenants', options);
      expect(res.status).toBe(200);
      expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    }
    expect((await t.get('/api/auth/tenants', { apiKey: a.apiKey, tenant: a.slug })).status).toBe(200);
    expect((await t.get('/api/auth/tenants', { apiKey: a.apiKey, tenant: a.id })).status).toBe(200);
  });

  it('a tenant key naming another tenant in X-Tenant-ID is refused with 401', async () => {
    const res = await t.get('/api/auth/tenants', { apiKey: a.apiKey, tenant: b.slug });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
    // Selecting another tenant answers exactly as a missing one (no tenant existence oracle).
    const foreign = await t.post(`/api/auth/tenants/${b.slug}/select`, {}, { apiKey: a.apiKey });
    const missing = await t.post(`/api/auth/tenants/no-such-tenant/select`, {}, { apiKey: a.apiKey });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message.replace(b.slug, '?')).toBe(missing.body.error.message.replace('no-such-tenant', '?'));
  });

  it('an admin key acts as its administrator with a tenant named per request', async () => {
    const res = await t.post('/api/auth/api-keys', { name: 'automation', scope: 'admin' }, { token: admin });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ scope: 'admin', tenantId: null });
    const key = res.body.data.key as string;
    const me = await t.get('/api/auth/me', { apiKey: key, tenant: b.slug });
    expect(me.status).toBe(200);
    expect(me.body.data.tenant.id).toBe(b.id);
    expect((await t.get('/api/auth/me', { apiKey: key })).body.data.tenant).toBeNull();
    expect((await t.get('/api/auth/tenants', { apiKey: key })).body.data.length).toBeGreaterThanOrEqual(2);
  });

  it('revocation takes effect at once and cannot be repeated', async () => {
    const created = (await t.post('/api/auth/api-keys', { name: 'short-lived' }, { token: a.token })).body.data;
    expect((await t.get('/api/auth/tenants', { apiKey: created.key })).status).toBe(200);
    const revoked = await t.delete(`/api/auth/api-keys/${created.id}`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true, data: { id: created.id, revoked: true } });
    expect((await t.get('/api/auth/tenants', { apiKey: created.key })).status).toBe(401);
    expect((await t.delete(`/api/auth/api-keys/${created.id}`, { token: admin })).status).toBe(404);
    expect((await t.delete('/api/auth/api-keys/not-a-uuid', { token: admin })).status).toBe(404);
    const listed = await t.get('/api/auth/api-keys', { token: admin });
    expect(listed.body.data.map((k: { id: string }) => k.id)).not.toContain(created.id);
  });

  it('refuses unknown and malformed keys', async () => {
    expect((await t.get('/api/auth/tenants', { apiKey: 'tbk_unknown' })).status).toBe(401);
    expect((await t.get('/api/auth/tenants', { apiKey: 'garbage' })).status).toBe(401);
    expect((await t.get('/api/auth/tenants', { token: `${a.apiKey}x` })).status).toBe(401);
  });
});
