import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TENANT_MESSAGE } from '../../src/operations/core/execute.js';
import { OPERATIONS } from '../../src/operations/index.js';
import { renderText } from '../../src/transports/surface-text.js';
import { seedPublishedEntity } from '../helpers/seed-entity.js';
import { adminApiKey, callTool, connectHttp, ok, startMcpService, type McpTestService, type TransportKind } from './helpers.js';

describe.each<TransportKind>(['streamable', 'sse'])('MCP over %s HTTP', (kind) => {
  let s: McpTestService;
  let tenant: { id: string; slug: string; apiKey: string };
  let adminKey: string;
  beforeAll(async () => {
    s = await startMcpService();
    tenant = await s.t.createTenant('Acme Shop');
    await s.t.createTenant('Other Co');
    adminKey = await adminApiKey(s.t);
    await seedPublishedEntity(s.t, tenant.id, 'clientes', [{ fieldKey: 'nombre', fieldType: 'text', isRequired: true }]);
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists the tools of the catalogue with schemas and annotations', async () => {
    const client = await connectHttp(kind, s.mcpBase, tenant.apiKey);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['list_tenants', 'select_tenant', 'get_rest_api_spec']));
    const select = tools.find((t) => t.name === 'select_tenant')!;
    expect(select.inputSchema).toMatchObject({ type: 'object', required: ['tenantSlug'] });
    expect(select.annotations).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    await client.close();
  });

  it('starts a tenant key with its tenant selected; list_tenants shows only it', async () => {
    const client = await connectHttp(kind, s.mcpBase, tenant.apiKey);
    const tenants = await ok(client, 'list_tenants');
    expect(tenants.map((x: { slug: string }) => x.slug)).toEqual([tenant.slug]);
    const spec = await ok(client, 'get_rest_api_spec');
    expect(Object.keys(spec.paths)).toContain('/api/entities/clientes/records');
    const other = await callTool(client, 'select_tenant', { tenantSlug: 'other-co' });
    expect(other.isError).toBe(true);
    expect(other.json.code).toBe('NOT_FOUND');
    await client.close();
  });

  it('needs select_tenant first with an admin key, then acts in the selected tenant', async () => {
    const client = await connectHttp(kind, s.mcpBase, adminKey);
    const tenants = await ok(client, 'list_tenants');
    expect(tenants.map((x: { slug: string }) => x.slug).sort()).toEqual(['acme-shop', 'other-co']);
    const before = await callTool(client, 'get_rest_api_spec');
    expect(before).toMatchObject({
      isError: true,
      json: { code: 'VALIDATION_ERROR', message: renderText(NO_TENANT_MESSAGE, 'mcp', OPERATIONS) },
    });
    const selected = await ok(client, 'select_tenant', { tenantSlug: 'acme-shop', unknownExtra: 1 });
    expect(selected.tenant).toMatchObject({ id: tenant.id, slug: 'acme-shop' });
    expect(selected.token).toBeUndefined();
    const spec = await callTool(client, 'get_rest_api_spec');
    expect(spec.isError).toBe(false);
    expect(spec.structured).toEqual(spec.json);
    expect(spec.json.info.title).toBe('Acme Shop record API');
    await client.close();
  });

  it('answers validation failures as { code, message } with isError', async () => {
    const client = await connectHttp(kind, s.mcpBase, adminKey);
    const bad = await callTool(client, 'select_tenant', {});
    expect(bad.isError).toBe(true);
    expect(bad.json).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('tenantSlug') });
    const missing = await callTool(client, 'select_tenant', { tenantSlug: 'no-such-tenant' });
    expect(missing.json.code).toBe('NOT_FOUND');
    const unknown = await callTool(client, 'no_such_tool');
    expect(unknown).toMatchObject({ isError: true, json: { code: 'NOT_FOUND' } });
    await client.close();
  });

  it('answers list results as JSON text and as structuredContent { items }', async () => {
    const client = await connectHttp(kind, s.mcpBase, tenant.apiKey);
    const answer = await callTool(client, 'list_tenants');
    expect(answer.structured).toEqual({ items: answer.json });
    await client.close();
  });
});
