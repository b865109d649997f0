import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { probe } from '../helpers/distribution/exceptions.js';

/** No route that returns a user ever returns its password or hash. */
describe('passwords never leave the service', () => {
  let t: TestApp;
  let acme: Awaited<ReturnType<TestApp['createTenant']>>;
  beforeAll(async () => {
    t = await createTestApp();
    acme = await t.createTenant('Acme');
  });
  afterAll(async () => {
    await t.close();
  });

  const assertClean = (label: string, body: unknown, secrets: string[]) => {
    const text = JSON.stringify(body);
    expect(text, label).not.toMatch(/\$2[aby]\$/);
    expect(text.toLowerCase(), label).not.toContain('hash');
    for (const s of secrets) expect(text, label).not.toContain(s);
  };

  it('scans every user-returning route', async () => {
    const secret = 'super-secret-pass-1';
    const renewed = 'super-secret-pass-2';
    const key = { apiKey: acme.apiKey };
    const created = await t.post('/api/auth/tenant/users', { email: 'ana@example.com', password: secret, name: 'Ana', role: 'owner' }, key);
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const provisioned = await t.post('/api/auth/tenant/users/provision', { email: 'bo@example.com', password: secret, name: 'Bo' }, key);
    expect(provisioned.status).toBe(201);
    const login = await t.post('/api/auth/tenant/login', { email: 'ana@example.com', password: secret }, { tenant: acme.slug });
    const mcpLogin = await t.post('/api/auth/tenant/mcp-login', { tenantSlug: acme.slug, email: 'ana@example.com', password: secret });
    const user = { apiKey: login.body.data.token as string };
    const answers: Array<[string, { status: number; body: unknown }]> = [
      ['create', created],
      ['provision (create_user)', provisioned],
      ['login', login],
      ['mcp-login (tenant_login)', mcpLogin],
      ['list', await t.get('/api/auth/tenant/users', key)],
      ['list as user', await t.get('/api/auth/tenant/users', user)],
      ['get', await t.get(`/api/auth/tenant/users/${id}`, key)],
      ['me', await t.get('/api/auth/tenant/me', user)],
      ['put', await t.put(`/api/auth/tenant/users/${id}`, { name: 'Ana P' }, key)],
      ['patch', await t.patch(`/api/auth/tenant/users/${id}`, { metadata: { a: 1 } }, key)],
      ['password', await t.put(`/api/auth/tenant/users/${id}/password`, { password: renewed }, user)],
      ['duplicate', await t.post('/api/auth/tenant/users', { email: 'ana@example.com', password: secret, name: 'A' }, key)],
      ['bad login', await t.post('/api/auth/tenant/login', { email: 'ana@example.com', password: secret }, { tenant: acme.slug })],
      ['logout', await t.post('/api/auth/tenant/logout', {}, user)],
      ['delete', await t.delete(`/api/auth/tenant/users/${id}`, key)],
    ];
    for (const [label, res] of answers) {
      expect(res.status, label).toBeLessThan(500);
      assertClean(label, res.body, [secret, renewed]);
    }
  });

  it('stores passwords as bcrypt hashes of cost 10', async () => {
    const rows = await probe(() => t.db.query<{ password_hash: string }>('select password_hash from tenant_users'));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.password_hash).toMatch(/^\$2b\$10\$/);
  });
});
