import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { TEST_DATABASE } from '../helpers/database.js';

describe('service smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health with the database kind', async () => {
    const res = await t.get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { status: 'ok', database: TEST_DATABASE, version: expect.any(String) } });
  });

  it('creates a tenant, selects it and makes a tenant API key', async () => {
    const tenant = await t.createTenant('Acme Shop');
    expect(tenant.slug).toBe('acme-shop');
    const list = await t.get('/api/auth/tenants', { apiKey: tenant.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: { slug: string }) => x.slug)).toEqual(['acme-shop']);
  });
});
