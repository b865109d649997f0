import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { adminApiKey } from './helpers.js';

/** POST /api/tools/:name — the one route the stdio MCP server acts through. */
describe('POST /api/tools/:name', () => {
  let t: TestApp;
  let tenant: { id: string; slug: string; apiKey: string };
  let adminKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenant = await t.createTenant('Route Co');
    await t.createTenant('Route Other');
    adminKey = await adminApiKey(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs a tool with the body as its arguments, in the tenant X-Tenant-ID names', async () => {
    const listed = await t.post('/api/tools/list_tenants', {}, { apiKey: tenant.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { slug: string }) => x.slug)).toEqual(['route-co']);
    const spec = await t.post('/api/tools/get_rest_api_spec', {}, { apiKey: adminKey, tenant: tenant.slug });
    expect(spec.body).toMatchObject({ success: true, data: { openapi: '3.1.0' } });
  });

  it('refuses what REST refuses', async () => {
    expect((await t.post('/api/tools/list_tenants', {})).status).toBe(401);
    expect((await t.post('/api/tools/get_rest_api_spec', {}, { apiKey: tenant.apiKey, tenant: 'route-other' })).status).toBe(401);
    const noTenant = await t.post('/api/tools/get_rest_api_spec', {}, { apiKey: adminKey });
    expect(noTenant.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('select_tenant') });
    const invalid = await t.post('/api/tools/select_tenant', { tenantSlug: 42 }, { apiKey: adminKey });
    expect(invalid.status).toBe(400);
  });

  it('is documented in /api/openapi.json with the tool names', async () => {
    const doc = (await t.get('/api/openapi.json')).body;
    const names = doc.paths['/api/tools/{name}'].post.parameters[0].schema.enum as string[];
    expect(names).toEqual(expect.arrayContaining(['list_tenants', 'select_tenant', 'get_rest_api_spec']));
    expect(names).not.toContain('create_api_key');
  });

  it('knows only tool-exposed operations', async () => {
    expect((await t.post('/api/tools/no_such_tool', {}, { apiKey: adminKey })).status).toBe(404);
    // create_api_key is REST-only (tool: false): not reachable through the tools route.
    const restOnly = await t.post('/api/tools/create_api_key', { name: 'x' }, { apiKey: adminKey, tenant: tenant.slug });
    expect(restOnly.status).toBe(404);
  });
});
