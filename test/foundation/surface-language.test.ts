import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiKey, callTool, connectHttp, startMcpService, type McpTestService } from '../mcp/helpers.js';

/** REST answers name routes, headers and query parameters; MCP answers name tools and arguments. */
describe('each surface speaks its own language', () => {
  let s: McpTestService;
  let tenant: { slug: string; apiKey: string };
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Language Co');
    adminKey = await adminApiKey(s.t);
  });
  afterAll(async () => {
    await s.close();
  });

  it('a REST login without X-Tenant-ID names the header, not the tool argument', async () => {
    const res = await s.t.post('/api/auth/tenant/login', { email: 'a@b.co', password: 'whatever-1' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('X-Tenant-ID');
    expect(JSON.stringify(res.body)).not.toContain('tenantSlug');
  });

  it('an unknown entity: REST points to GET /api/entities, MCP to list_entities', async () => {
    const rest = await s.t.get('/api/entities/nope_entity/records', { apiKey: tenant.apiKey });
    expect(rest.status).toBe(404);
    expect(rest.body.error.message).toContain('GET /api/entities');
    expect(rest.body.error.message).not.toContain('list_entities');
    const client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    const mcp = await callTool(client, 'query_records', { entityName: 'nope_entity' });
    await client.close();
    expect(mcp.json.code).toBe('NOT_FOUND');
    expect(mcp.json.message).toContain('list_entities');
    expect(mcp.json.message).not.toContain('/api/');
  });

  it('no tenant chosen: REST asks for X-Tenant-ID, MCP for select_tenant', async () => {
    const rest = await s.t.get('/api/entities', { apiKey: adminKey });
    expect(rest.status).toBe(400);
    expect(rest.body.error.message).toContain('X-Tenant-ID');
    expect(rest.body.error.message).not.toContain('select_tenant');
    const client = await connectHttp('streamable', s.mcpBase, adminKey);
    const mcp = await callTool(client, 'list_entities');
    await client.close();
    expect(mcp.json.message).toContain('select_tenant');
    expect(mcp.json.message).not.toContain('X-Tenant-ID');
  });

  it('a REST sort error names the query parameter sort, not the tool argument orderBy', async () => {
    await s.t.post(
      '/api/entities',
      {
        definition: { entity: { name: 'notes' }, fields: [{ fieldKey: 'title', fieldType: 'text' }] },
        auto_publish: true,
        version_message: 'v1',
      },
      { apiKey: tenant.apiKey },
    );
    const res = await s.t.get('/api/entities/notes/records?order=sideways', { apiKey: tenant.apiKey });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('order');
    expect(JSON.stringify(res.body)).not.toContain('orderDir');
  });

  it('route descriptions in /api/openapi.json speak REST; tool descriptions speak MCP', async () => {
    const doc = (await s.t.get('/api/openapi.json')).body;
    const list = doc.paths['/api/entities/{entityName}/records'].get.description as string;
    expect(list).toMatch(/filter\.<field>/);
    expect(list).not.toMatch(/orderBy|orderDir/);
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, { description?: string }>>)) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.description ?? '', `${method} ${path}`).not.toMatch(/\uE000|\uE001|\uE002/);
      }
    }
    const client = await connectHttp('streamable', s.mcpBase, tenant.apiKey);
    const { tools } = await client.listTools();
    await client.close();
    const generate = tools.find((t) => t.name === 'generate_entity')!;
    expect(generate.description).toContain('publish_entity');
    expect(generate.description).not.toMatch(/\/api\//);
    for (const tool of tools) expect(tool.description).not.toMatch(/\uE000|\uE001|\uE002/);
  });
});
